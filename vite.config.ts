import { readFileSync } from 'node:fs';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest has one source: manifest.webmanifest at the top of the repository. */
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

/** See `codeSplitting` below. */
const INLINE_COMMON_BYTES = Number(process.env.CB_INLINE_COMMON ?? 30_000);

/**
 * Issue 31: a first screen's code in few files. Rolldown's automatic chunks follow every lazy
 * import, so what the rider's and the picker's first screens load was cut into ~20 shared chunks.
 * Groups (`codeSplitting.groups`, highest priority first):
 * - `boot`: what the entry loads statically (Rolldown's `$initial` tag), in one chunk;
 * - `first-data`, `first-shell`, `first-rider`, `first-picker`: the modules each first-screen part
 *   reaches statically from its lazily imported root (below), each in one chunk. A root itself
 *   stays in its own chunk (a root inside a group leaves a re-exporting file behind it:
 *   rolldown/rolldown#9729).
 * A module reached only through a UI kit's index (`@mantine/*`, the icons) is not followed there:
 * an index re-exports the whole kit, so following it would put every component any screen uses
 * into these chunks; those modules stay in Rolldown's automatic chunks. Every other screen loads
 * these chunks for the modules it shares with them. A part's root missing here shows up in
 * `npm run bench:bundle` as files (and bytes) over the goal.
 */
const FIRST_SCREEN_ROOTS = {
  data: 'src/data/engine.ts',
  shell: 'src/routes/shellParts.ts',
  rider: 'src/routes/riderHome.tsx',
  picker: 'src/features/picking/PickingRoutesPage.tsx',
} as const;
/**
 * The public pages (signed out: no engine, no shell). What they reach stays out of the groups, so
 * that opening one never loads a first screen's chunk (RxDB with it).
 */
const PUBLIC_ROOTS = [
  'src/features/auth/LoginPage.tsx',
  'src/features/auth/ResetRequestPage.tsx',
  'src/features/auth/ResetFormPage.tsx',
  'src/features/proof/PublicProofPage.tsx',
  'src/features/notify/TrackingPage.tsx',
] as const;
/** Indexes of whole kits, not followed when a part's modules are collected. */
const KIT_INDEX = /node_modules[\\/](@mantine[\\/][^\\/]+|@tabler[\\/]icons-react)[\\/]/;

/**
 * Module id → its first-screen group, computed once per build from the module graph: the data
 * engine's modules in `first-data`; the shell's, and those both the rider's and the picker's
 * screens reach, in `first-shell`; the rest of each screen's in its own group; none that a public
 * page reaches.
 */
function firstScreenGroups(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null, included: ReadonlySet<string>): Map<string, string> {
  const reach = (suffix: string, keepRoot = false): Set<string> => {
    const root = [...included].find((id) => id.endsWith(`/${suffix}`));
    const found = new Set<string>();
    const seen = new Set<string>();
    const stack = root ? [root] : [];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      // A module left out by tree-shaking (a package's index) is passed through, but not a kit's.
      if (!included.has(id) && KIT_INDEX.test(id)) continue;
      // The root itself stays in its own chunk (see above).
      if (included.has(id) && (keepRoot || id !== root)) found.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  const data = reach(FIRST_SCREEN_ROOTS.data);
  const shell = reach(FIRST_SCREEN_ROOTS.shell);
  const rider = reach(FIRST_SCREEN_ROOTS.rider);
  const picker = reach(FIRST_SCREEN_ROOTS.picker);
  const signedOut = new Set(PUBLIC_ROOTS.flatMap((root) => [...reach(root, true)]));
  const groups = new Map<string, string>();
  for (const id of data) groups.set(id, 'first-data');
  for (const id of signedOut) groups.delete(id);
  for (const id of [...shell, ...rider, ...picker]) {
    if (groups.has(id) || signedOut.has(id)) continue;
    const both = shell.has(id) || (rider.has(id) && picker.has(id));
    groups.set(id, both ? 'first-shell' : rider.has(id) ? 'first-rider' : 'first-picker');
  }
  return groups;
}

/**
 * The build options the product and the stack's floor (bench/floor, issue 31) share: the floor is
 * built by the same configuration and packages, so the benches compare like with like.
 */
export const sharedBuild: BuildEnvironmentOptions = {
  target: 'es2022',
  sourcemap: process.env.CB_SOURCEMAP === '1',
  chunkSizeWarningLimit: 1500,
};

/** The first-screen groups of the build under way (reset when a build starts). */
let firstGroups: Map<string, string> | undefined;
const includedIds = new Set<string>();

export default defineConfig({
  plugins: [
    {
      name: 'cb-first-screen-groups',
      buildStart() {
        firstGroups = undefined;
        includedIds.clear();
      },
    },
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
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: INLINE_COMMON_BYTES },
          groups: [
            // The entry's static imports in one chunk next to it.
            { name: 'boot', tags: ['$initial'], priority: 3 },
            {
              name: (id, ctx) => {
                firstGroups ??= firstScreenGroups((m) => ctx.getModuleInfo(m), includedIds);
                return firstGroups.get(id) ?? null;
              },
              // Called for every module the build keeps (after tree-shaking), before any `name`.
              test: (id) => {
                includedIds.add(id);
                return true;
              },
              priority: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
