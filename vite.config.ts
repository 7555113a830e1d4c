import { readFileSync } from 'node:fs';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest has one source: manifest.webmanifest at the top of the repository. */
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

/** See `codeSplitting` below. */
const INLINE_COMMON_BYTES = Number(process.env.CB_INLINE_COMMON ?? 30_000);

/**
 * The build options the product and the stack's floor (bench/floor, issue 31) share: the floor is
 * built by the same configuration and packages, so the benches compare like with like.
 */
export const sharedBuild: BuildEnvironmentOptions = {
  target: 'es2022',
  sourcemap: process.env.CB_SOURCEMAP === '1',
  chunkSizeWarningLimit: 1500,
};

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // Workers as ES modules: the import worker loads its XLSX reader as a separate chunk.
  worker: { format: 'es' },
  build: {
    ...sharedBuild,
    rolldownOptions: {
      output: {
        // Issue 31: the first screens' code in fewer files (every file costs a fetch through the
        // service worker and a task): shared chunks smaller than INLINE_COMMON_BYTES (source size
        // before minifying) are copied into the chunks that import them instead of being files of
        // their own (measured in docs/performance.md). `CB_INLINE_COMMON=0` builds without it.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_BYTES } },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
