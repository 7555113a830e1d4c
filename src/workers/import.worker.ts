/**
 * The import Web Worker (docs/architecture.md §1): parsing and validating order files off the main thread.
 * Exposes an ImportService through comlink; the page talks to it with `startImportWorker`
 * (./importClient.ts). Terminating the worker («Cancelar») loses its state and writes nothing:
 * only the page writes, batch by batch, after the operator confirms.
 */
import { expose } from 'comlink';
import { createImportService } from './import/service';

expose(createImportService());
