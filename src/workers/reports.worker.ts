/**
 * The reports Web Worker (issue 34, docs/reports.md): the operation report is aggregated here so a
 * month of orders never blocks the page. Exposed with comlink; the page talks to it through
 * ./reportsClient.ts.
 */
import { expose } from 'comlink';
import { createReportsService } from './reports/service';

expose(createReportsService());
