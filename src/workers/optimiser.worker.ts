/**
 * The optimiser's Web Worker: plans run here so the screen never blocks (issue 11). Exposed with
 * comlink; the app talks to it through ./optimiser.ts.
 */
import * as Comlink from 'comlink';
import { createOptimiserApi } from './optimiserApi';

Comlink.expose(createOptimiserApi());
