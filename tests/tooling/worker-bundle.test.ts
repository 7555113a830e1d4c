import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The optimiser runs in its own Web Worker chunk: the client module (what a screen imports) stays
 * small and the solver is only downloaded when the worker starts.
 */
describe('optimiser worker bundle', () => {
  it('builds the worker as a separate chunk that holds the solver; the client does not', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'cb-worker-'));
    try {
      await build({
        configFile: false,
        logLevel: 'silent',
        root: process.cwd(),
        build: {
          outDir,
          emptyOutDir: true,
          target: 'es2022',
          minify: false,
          rollupOptions: { input: { client: resolve('src/workers/optimiser.ts') }, preserveEntrySignatures: 'exports-only' },
        },
      });
      const files = readdirSync(outDir, { recursive: true }).map(String);
      const worker = files.find((f) => /optimiser\.worker-[\w-]+\.js$/.test(f));
      expect(worker, files.join(', ')).toBeDefined();
      const client = files.find((f) => /client\.js$/.test(f) || /client-[\w-]+\.js$/.test(f));
      expect(client, files.join(', ')).toBeDefined();
      const workerCode = readFileSync(join(outDir, worker as string), 'utf8');
      const clientCode = readFileSync(join(outDir, client as string), 'utf8');
      // The solver's Spanish input error is in the worker, not in the client.
      expect(workerCode).toContain('Problema de rutas no válido');
      expect(clientCode).not.toContain('Problema de rutas no válido');
      expect(clientCode).toContain('optimiser.worker');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
