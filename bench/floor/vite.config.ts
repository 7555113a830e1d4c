/**
 * The stack's floor (issue 31 §1), built by the product's own build options (../../vite.config.ts)
 * and packages: `CB_FLOOR=app` the minimal rider app (React, TanStack Router, RxDB with its dexie
 * storage, rxjs, a Workbox precaching service worker), `CB_FLOOR=signin` the sign-in floor (React,
 * the router, a form). Output in bench/floor/dist/<floor>. Built by bench/floor/build.ts.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { sharedBuild } from '../../vite.config';

const here = dirname(fileURLToPath(import.meta.url));
const floor = process.env.CB_FLOOR === 'signin' ? 'signin' : 'app';

const plugins: PluginOption[] = [react()];
if (floor === 'app') {
  plugins.push(
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html}'] },
      devOptions: { enabled: false },
    }),
  );
}

export default defineConfig({
  root: join(here, floor),
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  plugins,
  build: { ...sharedBuild, outDir: join(here, 'dist', floor), emptyOutDir: true },
});
