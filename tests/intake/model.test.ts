/**
 * The import screen's state model (src/features/intake/model.ts), without a browser: the steps
 * a person takes, the commands' enabled state, and properties over random event sequences.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commands, initialState, reduce, reviewOf, workOf, type CommandName, type ImportEvent, type ImportState, type Review } from '../../src/features/intake/model';
import type { FileReport, PlanReport } from '../../src/workers/import/service';
import type { IntakeSummary } from '../../src/domain/intake/plan';

const summary = (over: Partial<IntakeSummary> = {}): IntakeSummary => ({ rows: 2, validRows: 2, refusedRows: 0, create: 1, update: 0, unchanged: 0, refused: 0, newPoints: 0, issues: 0, ...over });
const plan = (over: Partial<IntakeSummary> = {}, blocked = false): PlanReport => ({ summary: summary(over), blocked, mappingIssues: [], ms: 1 });
const review = (p: PlanReport = plan()): Review => ({ plan: p, issues: { total: 0, list: [] }, rows: [], badRows: { total: 0, rows: [] }, skipped: [] });
const report = (file: string): FileReport => ({
  file,
  format: 'csv',
  encoding: 'utf-8',
  delimiter: ';',
  sheets: [],
  sheet: '',
  headers: ['Referencia'],
  headerRow: 1,
  rows: 2,
  mapping: { fields: ['external_ref'] },
  mappingSource: 'recognised',
  reasons: [{ code: 'header' }],
  issues: [],
  ms: 1,
});

const run = (s: ImportState, ...events: ImportEvent[]): ImportState => events.reduce(reduce, s);

/** A state in the review, through the events a person and the worker cause. */
function inPreview(p: PlanReport = plan()): ImportState {
  const reading = run(initialState(), { type: 'filesChosen', names: ['a.csv'] });
  const mapping = run(reading, { type: 'filesRead', ticket: reading.ticket, reports: [report('a.csv')] });
  const planning = run(mapping, { type: 'command', name: 'review' });
  return run(planning, { type: 'planned', ticket: planning.ticket, review: review(p) });
}

describe('the import model, step by step', () => {
  it('goes idle → reading → mapping → planning → preview → writing → done', () => {
    const s0 = initialState();
    expect(commands(s0).review.enabled).toBe(false);
    const reading = run(s0, { type: 'filesChosen', names: ['a.csv', 'a.csv', 'b.csv'] });
    expect(reading.phase).toBe('reading');
    expect(workOf(reading)?.entries.map((e) => e.name)).toEqual(['a.csv', 'b.csv']);
    const mapping = run(reading, { type: 'filesRead', ticket: reading.ticket, reports: [report('a.csv'), report('b.csv')] });
    expect(mapping.phase).toBe('mapping');
    expect(workOf(mapping)?.entries.every((e) => e.done)).toBe(true);
    expect(commands(mapping).review.enabled).toBe(true);
    const preview = inPreview();
    expect(preview.phase).toBe('preview');
    expect(commands(preview).import.enabled).toBe(true);
    const writing = run(preview, { type: 'command', name: 'import' });
    expect(writing.phase).toBe('writing');
    const done = run(writing, {
      type: 'written',
      ticket: writing.ticket,
      done: { summary: summary(), written: { points: 0, created: 1, updated: 0, skipped: [] }, days: ['2026-11-30'], rejected: { total: 0, list: [], csv: '' } },
    });
    expect(done.phase).toBe('done');
    expect(commands(done).again.enabled).toBe(true);
    expect(run(done, { type: 'command', name: 'again' }).phase).toBe('idle');
  });

  it('ignores what older work answers after «Cancelar»', () => {
    const reading = run(initialState(), { type: 'filesChosen', names: ['a.csv'] });
    const cancelled = run(reading, { type: 'command', name: 'cancel' });
    expect(cancelled).toMatchObject({ phase: 'idle', notice: { key: 'intake.screen.cancelled' } });
    expect(run(cancelled, { type: 'filesRead', ticket: reading.ticket, reports: [report('a.csv')] })).toBe(cancelled);
  });

  it('refuses «Importar» when blocked or when there is nothing at all', () => {
    expect(commands(inPreview(plan({}, true))).import.enabled).toBe(false);
    expect(commands(inPreview(plan({ create: 0 }))).import.enabled).toBe(false);
    expect(commands(inPreview(plan({ create: 0, unchanged: 3 }))).import.enabled).toBe(true);
  });

  it('plans again, keeping the review on screen, when the operator chooses for an order or corrects a row', () => {
    const p = inPreview(plan({ refused: 1 }));
    const chosen = run(p, { type: 'orderChoice', key: 'c|r-1', withoutBadLines: true });
    expect(chosen.phase).toBe('planning');
    expect(reviewOf(chosen)).toBe(reviewOf(p));
    expect(workOf(chosen)?.withoutBadLines).toEqual(['c|r-1']);
    const back = run(chosen, { type: 'planned', ticket: chosen.ticket, review: review() });
    const held = run(back, { type: 'orderChoice', key: 'c|r-1', withoutBadLines: false });
    expect(workOf(held)?.withoutBadLines).toEqual([]);
    const fixed = run(back, { type: 'rowFixed', fix: { file: 'a.csv', row: 3, field: 'product', value: 'PAS-0001' } }, { type: 'planned', ticket: back.ticket + 1, review: review() });
    const again = run(fixed, { type: 'rowFixed', fix: { file: 'a.csv', row: 3, field: 'product', value: 'PAS-0002' } });
    expect(workOf(again)?.fixes).toEqual([{ file: 'a.csv', row: 3, field: 'product', value: 'PAS-0002' }]);
  });

  it('keeps the review when writing fails, and starts again when reading fails', () => {
    const writing = run(inPreview(), { type: 'command', name: 'import' });
    const failed = run(writing, { type: 'failed', ticket: writing.ticket, message: 'x' });
    expect(failed).toMatchObject({ phase: 'preview', notice: { key: 'intake.screen.failed', vars: { message: 'x' } } });
    const reading = run(initialState(), { type: 'filesChosen', names: ['a.csv'] });
    expect(run(reading, { type: 'failed', ticket: reading.ticket, message: 'x' }).phase).toBe('idle');
  });
});

// ── Properties ────────────────────────────────────────────────────────────────────────────────

const names = fc.constantFrom('a.csv', 'b.csv');
const anyTicket = fc.integer({ min: 0, max: 12 });
const event: fc.Arbitrary<ImportEvent> = fc.oneof(
  fc.constantFrom<CommandName>('review', 'import', 'back', 'cancel', 'again').map((name): ImportEvent => ({ type: 'command', name })),
  fc.array(names, { maxLength: 3 }).map((ns): ImportEvent => ({ type: 'filesChosen', names: ns })),
  fc.tuple(anyTicket, fc.subarray(['a.csv', 'b.csv'])).map(([ticket, fs]): ImportEvent => ({ type: 'filesRead', ticket, reports: fs.map(report) })),
  fc.tuple(anyTicket, fc.boolean(), fc.nat(3)).map(([ticket, blocked, create]): ImportEvent => ({ type: 'planned', ticket, review: review(plan({ create }, blocked)) })),
  anyTicket.map((ticket): ImportEvent => ({ type: 'failed', ticket, message: 'm' })),
  anyTicket.map((ticket): ImportEvent => ({ type: 'written', ticket, done: { summary: summary(), written: { points: 0, created: 0, updated: 0, skipped: [] }, days: [], rejected: { total: 0, list: [], csv: '' } } })),
  fc.tuple(fc.string({ maxLength: 3 }), fc.boolean()).map(([key, w]): ImportEvent => ({ type: 'orderChoice', key, withoutBadLines: w })),
  fc.constantFrom<ImportEvent>({ type: 'modeChanged', mode: 'all-or-nothing' }, { type: 'modeChanged', mode: 'valid-only' }, { type: 'noticeClosed' }),
);

/** Each phase has exactly what it needs. */
function wellFormed(s: ImportState): boolean {
  switch (s.phase) {
    case 'idle':
      return !('work' in s) && !('review' in s);
    case 'reading':
    case 'mapping':
      return 'work' in s && !('review' in s);
    case 'planning':
      return 'work' in s && 'review' in s;
    case 'preview':
    case 'writing':
      return 'work' in s && s.review !== null;
    case 'done':
      return 'done' in s && !('work' in s);
  }
}

describe('the import model, over any sequence of events', () => {
  it('every state is well formed, the ticket never goes back, and an answer of older work changes nothing', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let s = initialState();
        for (const e of events) {
          const next = reduce(s, e);
          expect(wellFormed(next)).toBe(true);
          expect(next.ticket).toBeGreaterThanOrEqual(s.ticket);
          if ('ticket' in e && e.ticket !== s.ticket) expect(next).toBe(s);
          s = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a command does something only when it is enabled, and «Cancelar» always leads to an empty idle screen', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.constantFrom<CommandName>('review', 'import', 'back', 'cancel', 'again'), (events, name) => {
        const s = events.reduce(reduce, initialState());
        const c = commands(s)[name];
        const next = c.perform(s);
        if (!c.enabled) expect(next).toBe(s);
        else expect(next).not.toBe(s);
        if (name === 'cancel' && c.enabled) expect(next).toMatchObject({ phase: 'idle', notice: { key: 'intake.screen.cancelled' } });
        expect(reduce(s, { type: 'command', name })).toEqual(next);
      }),
      { numRuns: 300 },
    );
  });
});
