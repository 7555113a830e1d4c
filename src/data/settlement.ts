/**
 * Settling card and transfer payments from a provider's or a bank's statement (issue 13; the
 * rules are the domain's, src/domain/payments/settlement.ts). The file is read on the device
 * (CSV: delimiter detected, UTF-8 or Windows-1252, like the order import), matched against the
 * order payments of this device's database, shown, and only then written: one storage write
 * for every settled payment, which the sync pushes like any other change (the server checks the
 * status step and the operator's role again).
 */
import { ActionError } from './actionError';
import { z } from 'zod';
import type { Payment } from '../domain/entities/operation';
import {
  matchStatement,
  readStatement,
  settledPaymentPatch,
  type SettlementLine,
  type SettlementOutcome,
  type SettlementProblem,
} from '../domain/payments/settlement';
import { parseCsv } from '../workers/import/csv';
import { decodeText } from '../workers/import/sniff';
import { t } from '../i18n';
import type { CbDatabase } from './database';
import { defineAction, plainDoc, type ActionEngine } from './action';
import { requireOperator } from './payments';

export interface StatementPreview {
  readonly file: string;
  readonly outcomes: readonly SettlementOutcome[];
  readonly problems: readonly SettlementProblem[];
}

/** Largest statement file read (a provider's month is a few hundred KB). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/**
 * The order payments of this device, with their orders' codes: every method, so that a cash line
 * in a statement is told as such rather than as «no order».
 */
async function candidates(db: CbDatabase): Promise<{ payments: Payment[]; orders: { id: string; code: string }[] }> {
  const docs = (await db.payments.find({ selector: { kind: 'order' } }).exec()).map((d) => plainDoc('payments', d));
  const payments = docs.filter((p): p is Payment => p.kind === 'order');
  const orderDocs = await db.orders.findByIds(payments.map((p) => p.order_id)).exec();
  const orders = [...orderDocs.values()].map((d) => ({ id: d.id, code: d.code }));
  return { payments, orders };
}

/** Reads a statement file and tells what each of its lines would do; writes nothing. */
export async function previewStatement(engine: Pick<ActionEngine, 'db'>, file: { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> }): Promise<StatementPreview> {
  if (file.size > MAX_STATEMENT_BYTES) throw new ActionError('settlement.tooBig', { name: file.name, mb: MAX_STATEMENT_BYTES / 1024 / 1024 });
  if (!/\.(csv|txt)$/i.test(file.name)) throw new ActionError('settlement.notCsv', { name: file.name });
  const { text } = decodeText(new Uint8Array(await file.arrayBuffer()));
  const { table } = parseCsv(file.name, text);
  const { lines, problems } = readStatement({
    headerRow: table.headerRow,
    headers: table.headers,
    rows: table.rows.map((r) => ({ row: r.row, cells: r.cells.map((c) => (c === null || c === undefined ? '' : String(c))) })),
  });
  const { payments, orders } = await candidates(engine.db);
  return { file: file.name, outcomes: matchStatement(lines, orders, payments), problems };
}

/** The text a settled payment's note keeps of its statement line. */
export function settlementEntry(line: SettlementLine, file: string): string {
  return t('settlement.noteEntry', { date: line.date, file, row: line.row, reference: line.reference });
}

/**
 * Settles the lines of a preview that match exactly. Each payment is checked again as it is now
 * (a change synced since the preview, another operator settling it): those no longer settleable
 * are counted in `skipped` and left alone. The settled payments are written together.
 */
export const settleStatement = defineAction({
  name: 'settlement.settleStatement',
  args: z.object({ preview: z.custom<StatementPreview>((v) => typeof v === 'object' && v !== null && Array.isArray((v as StatementPreview).outcomes)) }),
  run: async ({ tx, args: { preview }, actor }): Promise<{ settled: number; skipped: number }> => {
    requireOperator(actor);
    const chosen = preview.outcomes.filter((o): o is Extract<SettlementOutcome, { kind: 'settle' }> => o.kind === 'settle');
    const now = await tx.findByIds('payments', chosen.map((o) => o.payment.id));
    let settled = 0;
    for (const o of chosen) {
      const current = now.get(o.payment.id);
      if (!current || current.kind !== 'order') continue;
      const [again] = matchStatement([o.line], [{ id: current.order_id, code: o.order_code }], [current]);
      if (again?.kind !== 'settle') continue;
      tx.put('payments', { ...current, ...settledPaymentPatch(current, settlementEntry(o.line, preview.file), actor.userId) });
      settled += 1;
    }
    return { settled, skipped: chosen.length - settled };
  },
});
