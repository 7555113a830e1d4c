/**
 * bench/reports: the operation report (issue 34) over a month of a scaled operation.
 *
 * Generates `--days` days (default 30) of `--orders` orders in total (default 250,000) over five
 * hubs (server/demo/month.ts: routes, delivery events, payments, hand-overs, incidences, picks), then
 * times the default report — the whole period, no filter — as the reports worker computes it
 * (src/domain/reports/aggregate.ts, the same function; counts first, then with the orders behind
 * every figure, as when a figure is opened), and the structured clone of its input and output
 * (what a postMessage to and from the worker costs). Goal: the counts ≤ 1 s. Each run is preceded
 * by a baseline (the orders indexed by id, every event, payment and pick looked up) whose CPU time
 * the aggregation's is divided by: a figure that a busy shared machine moves less than the times.
 *
 *   npm run bench:reports
 *   npm run bench:reports -- --orders 50000 --days 7 --runs 5 --json out.json
 *   npm run bench:reports -- --shuffle     (events, payments and picks in a random order)
 *
 * Exit status 1 when the median aggregation is over the goal.
 */
import { cpus, loadavg } from 'node:os';
import { generateMonth } from '../server/demo/month';
import { buildReport, type ReportInput } from '../src/domain/reports/aggregate';
import { addDays } from '../src/domain/reports/period';
import { createRng } from '../src/domain/prng';
import { budget, median, printTable, verdict, writeFigures } from './kit';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const totalOrders = Number(arg('orders') ?? 250_000);
const days = Number(arg('days') ?? 30);
const runs = Number(arg('runs') ?? 5);
const GOAL_MS = 1000;
const from = '2026-10-01';
const to = addDays(from, days - 1);

let t0 = performance.now();
const data = generateMonth({ seed: 34, from, days, ordersPerDay: Math.ceil(totalOrders / days), hubs: 5, ridersPerHub: 12, stopsPerRoute: 25 });
const generateMs = performance.now() - t0;
// `--shuffle`: the events, payments and picks in a random order (the device reads them by route,
// not by order: an order's events are not always next to each other there).
if (process.argv.includes('--shuffle')) {
  const rng = createRng(3434);
  for (const list of [data.events, data.payments, data.picks] as unknown[][]) {
    for (let i = list.length - 1; i > 0; i -= 1) {
      const j = rng.int(0, i);
      [list[i], list[j]] = [list[j], list[i]];
    }
  }
}
const input: ReportInput = { period: { from, to }, filters: { hub: null, clientId: null, riderId: null }, ...data };

t0 = performance.now();
const cloned = structuredClone(input);
const cloneInMs = performance.now() - t0;

// The default report as the screen shows it: counts only (the worker's first pass).
// CPU time too: on a shared, busy machine the wall time counts other processes' turns.
// A baseline in the same process, run before each aggregation, for a figure the machine's load
// moves less: index the month's orders by id and look up the order of every delivery event,
// payment and pick (the kind of work that dominates the aggregation). The ratio aggregation ÷
// baseline compares versions measured on a busy machine.
function baseline(data: ReportInput): number {
  const index = new Map<string, number>();
  for (let i = 0; i < data.orders.length; i += 1) index.set(data.orders[i]!.id, i);
  let found = 0;
  for (const e of data.events) found += index.get(e.order_id) === undefined ? 0 : 1;
  for (const p of data.payments) found += p.kind === 'order' && index.has(p.order_id) ? 1 : 0;
  for (const p of data.picks) found += index.has(p.order_id) ? 1 : 0;
  return found;
}
const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const times: number[] = [];
const cpuTimes: number[] = [];
const baseCpuTimes: number[] = [];
const ratios: number[] = [];
let report = buildReport(cloned, { orderIds: false });
baseline(cloned);
for (let i = 0; i < runs; i += 1) {
  let c0 = cpuNow();
  baseline(cloned);
  const base = cpuNow() - c0;
  c0 = cpuNow();
  t0 = performance.now();
  report = buildReport(cloned, { orderIds: false });
  times.push(performance.now() - t0);
  const cpu = cpuNow() - c0;
  cpuTimes.push(cpu);
  baseCpuTimes.push(base);
  ratios.push(cpu / base);
}
t0 = performance.now();
structuredClone(report);
const cloneOutMs = performance.now() - t0;
// Opening a figure: the same report with the orders behind every figure (once per period and filters).
const idTimes: number[] = [];
for (let i = 0; i < Math.max(1, Math.min(runs, 3)); i += 1) {
  t0 = performance.now();
  buildReport(cloned);
  idTimes.push(performance.now() - t0);
}

const t = report.total;
const pct = (a: number, b: number): string => (b > 0 ? `${((a / b) * 100).toFixed(1)} %` : '—');
console.log(`bench:reports — ${days} days from ${from}, ${data.orders.length} orders, ${data.routes.length} routes, ${data.events.length} delivery events, ${data.payments.length} payments, ${data.incidences.length} incidences, ${data.picks.length} picks`);
console.log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; generated in ${generateMs.toFixed(0)} ms\n`);
printTable(
  ['figure', 'value'],
  [
    ['orders', String(t.orders.count)],
    ['stops', String(t.stops.count)],
    ['delivered', String(t.delivered.count)],
    ['partially delivered', String(t.partial.count)],
    ['failed', String(t.failed.count)],
    ['returned', String(t.returned.count)],
    ['on time (of delivered + partial)', pct(t.onTime.count, t.delivered.count + t.partial.count)],
    ['first attempt (of attempted)', pct(t.firstAttempt.count, t.attempted.count)],
    ['failed attempts', String(t.failedAttempts.count)],
    ...Object.entries(t.failedByReason).map(([id, f]) => [`  ${report.reasonNames[id] ?? id}`, String(f.count)]),
    ['cash collected (cents)', String(report.money.byMethod.cash.cents)],
    ['cash still with riders (cents)', String(report.money.cashOnHandCents)],
    ['rider-hours (timed routes)', (report.extra.productivity.total.riderMinutes / 60).toFixed(0)],
    ['service per stop, median / p90 (s)', `${report.extra.productivity.total.serviceMedianS ?? '—'} / ${report.extra.productivity.total.serviceP90S ?? '—'}`],
    ['picking lines / errors', `${report.extra.picking.total.lines.count} / ${report.extra.picking.total.errors.count}`],
    ['settled card / transfer', `${report.extra.settled.card.count} / ${report.extra.settled.transfer.count}`],
    ['orders with a proof of delivery', String(report.extra.proofs.total.count)],
    ['km by bike / van CO₂ kg', `${report.extra.sustainability.km.toFixed(0)} / ${report.extra.sustainability.co2Kg.toFixed(0)}`],
  ],
);
console.log('');
const med = median(times);
printTable(
  ['step', 'ms', 'goal'],
  [
    ['aggregate (median of runs)', med.toFixed(1), `≤ ${GOAL_MS} ${verdict(med <= GOAL_MS)}`],
    ['aggregate (max)', Math.max(...times).toFixed(1), ''],
    ['aggregate CPU time (median)', median(cpuTimes).toFixed(1), ''],
    ['aggregate CPU time (max)', Math.max(...cpuTimes).toFixed(1), ''],
    ['baseline CPU time (median)', median(baseCpuTimes).toFixed(1), ''],
    ['aggregate ÷ baseline, CPU (median)', median(ratios).toFixed(2), ''],
    ['with the orders behind each figure (median)', median(idTimes).toFixed(1), ''],
    ['clone input (postMessage to worker)', cloneInMs.toFixed(1), ''],
    ['clone report (postMessage back)', cloneOutMs.toFixed(1), ''],
  ],
);

writeFigures(
  'reports',
  {
    days,
    from,
    to,
    counts: { orders: data.orders.length, routes: data.routes.length, events: data.events.length, payments: data.payments.length, incidences: data.incidences.length, picks: data.picks.length },
    aggregateMs: { median: med, runs: times },
    aggregateCpuMs: { median: median(cpuTimes), runs: cpuTimes },
    baselineCpuMs: { median: median(baseCpuTimes), runs: baseCpuTimes },
    ratioToBaseline: { median: median(ratios), runs: ratios },
    withOrderIdsMs: { median: median(idTimes), runs: idTimes },
    cloneInMs,
    cloneOutMs,
    goalMs: GOAL_MS,
    figures: {
      orders: t.orders.count,
      stops: t.stops.count,
      delivered: t.delivered.count,
      partial: t.partial.count,
      failed: t.failed.count,
      returned: t.returned.count,
      onTime: t.onTime.count,
      firstAttempt: t.firstAttempt.count,
      attempted: t.attempted.count,
      failedByReason: Object.fromEntries(Object.entries(t.failedByReason).map(([id, f]) => [id, f.count])),
      cashCollectedCents: report.money.byMethod.cash.cents,
      cashOnHandCents: report.money.cashOnHandCents,
    },
  },
  [budget('aggregate (median of runs)', med, GOAL_MS)],
);
process.exitCode = med <= GOAL_MS ? 0 : 1;
