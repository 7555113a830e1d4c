/**
 * The page's side of the import worker: starts it (a separate chunk, loaded only by the import
 * screen), hands it the context in small parts so no structured clone blocks the page, and
 * cancels by terminating it.
 *
 *   const w = startImportWorker();
 *   await w.loadContext(ctx, mappings);
 *   const files = await w.api.readFiles([{ name, data }], w.progress((p) => …));
 *   const plan = await w.api.plan({ mode: 'valid-only', today, now: Date.now() });
 *   const page = await w.api.preview(0, 100);
 *   for (let i = 0; i < (await w.api.batchCount()); i += 1) await writeBatch(await w.api.batch(i));
 *   w.cancel();   // or w.close() when done
 */
import { proxy, releaseProxy, wrap, type Remote } from 'comlink';
import type { IntakeContext } from '../domain/intake/context';
import type { ImportMapping } from '../domain/entities/reference';
import type { ImportProgress, ImportService } from './import/service';

export type ImportWorkerApi = Remote<ImportService>;

export interface ImportWorker {
  readonly api: ImportWorkerApi;
  /** Sends the context in parts of at most `chunk` documents, yielding to the page between parts. */
  loadContext(ctx: IntakeContext, mappings?: readonly ImportMapping[], chunk?: number): Promise<void>;
  /** Wraps a progress callback so the worker can call it (at most every `everyMs`). */
  progress(fn: (p: ImportProgress) => void, everyMs?: number): (p: ImportProgress) => void;
  /** «Cancelar»: stops the worker at once; nothing it held is written. */
  cancel(): void;
  /** Done: releases the proxy and stops the worker. */
  close(): void;
}

const yieldToPage = (): Promise<void> => new Promise((ok) => setTimeout(ok, 0));

export function startImportWorker(): ImportWorker {
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'cb-import' });
  const api = wrap<ImportService>(worker);
  let closed = false;
  const stop = (): void => {
    if (closed) return;
    closed = true;
    worker.terminate();
  };
  return {
    api,
    async loadContext(ctx, mappings = [], chunk = 500) {
      await api.setContext({ clients: [...ctx.clients], products: [], taxes: [...ctx.taxes], hubs: [...ctx.hubs], mappings: [...mappings] }, true);
      for (const k of ['products', 'points', 'orders'] as const) {
        const list = ctx[k];
        for (let i = 0; i < list.length; i += chunk) {
          await api.setContext({ [k]: list.slice(i, i + chunk) });
          await yieldToPage();
        }
      }
    },
    progress(fn, everyMs = 100) {
      let last = 0;
      return proxy((p: ImportProgress) => {
        const t = performance.now();
        if (t - last >= everyMs || p.rows >= p.total) {
          last = t;
          fn(p);
        }
      });
    },
    cancel: stop,
    close() {
      if (!closed) api[releaseProxy]();
      stop();
    },
  };
}
