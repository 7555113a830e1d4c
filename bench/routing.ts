/**
 * bench/routing: the route optimiser on public benchmark instances, the demo's busiest hub and a
 * synthetic 1,000-stop day (issue 11).
 *
 * Public instances (default `../shared/bench-data/routing` from the repository root; conventions
 * in its README.md): TSPLIB (`tsp/*.tsp`, nint Euclidean), CVRPLIB (`cvrp/*.vrp`, nint Euclidean,
 * the fleet of `best-known.json`) and Solomon VRPTW (`vrptw/*.txt`, unrounded Euclidean,
 * travel time = distance, the file's fleet). Each is solved once per seed with a budget equal to
 * its goal's time, counted in the process's CPU time (`--clock wall`: wall time; on a shared,
 * loaded machine a 5 s wall-clock run may get 2 s of CPU, so wall-clock figures measure the load
 * as much as the optimiser), then checked by the independent checker (src/domain/routing/
 * check.ts). Printed: cost, best-known cost, gap, wall and CPU time, vehicles, violations.
 * Solomon is solved and judged under the planning board's default objective, «Mínimo de
 * repartidores» (`min-vehicles`, issue 32): vehicles against the best known's
 * `solved_with_vehicles`, distance against the fewest-vehicles best-known cost (`<name>`); the
 * distance-only best known (`<name>_distance`) is shown for information. `--objective cost`
 * solves for distance only and compares with `<name>_distance`. With several seeds, the worst
 * figure of each instance over the seeds is printed too (the one to report). Which instances were
 * used for tuning and which are held out: bench/README.md.
 *
 * The instances' reading, goals and runs: ./routing-public.ts; the days: ./routing-days.ts;
 * formatting and figures: ./routing-report.ts.
 *
 * Goals (OK / OVER): TSP gap ≤ 1 % within 1 s (more than 500 stops: ≤ 2 % within 5 s); CVRP gap
 * ≤ 3 % within 2 s (more than 200 stops, the X set's ~400: ≤ 5 % within 10 s); Solomon 0
 * violations, vehicles ≤ best known + 1 and gap ≤ 5 % within 5 s (`--objective cost`: gap ≤ 3 %
 * in 2 s); VRPTW of more than 150 customers (Gehring & Homberger 200, Solomon format) 0
 * violations and vehicles ≤ best known + 2 within 10 s (distance printed, not judged); the
 * demo day of the busiest hub planned in ≤ 3 s (the app's default budget,
 * src/workers/optimiserApi.ts `dayBudget`) with routes ≤ the lower bound + 1; 1,000 stops planned
 * in ≤ 10 s (matrix, construction and search).
 *
 *   npm run bench:routing
 *   npm run bench:routing -- --dir DIR --best FILE   # every instance of DIR, best-known costs of FILE
 *   npm run bench:routing -- --seeds 5               # seeds 1…5 of each public instance (default 3)
 *   npm run bench:routing -- --only tsp,vrptw        # some families (tsp, cvrp, vrptw, demo, synthetic)
 *   npm run bench:routing -- --objective cost        # Solomon for distance only
 *   npm run bench:routing -- --clock wall            # public instances' budget in wall time (default cpu)
 *
 * Exit status 1 when any returned plan is infeasible (a violation found by the checker, or a
 * benchmark stop left unassigned), 2 when the instances cannot be read.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFigures } from './kit';
import { demoDay, runDays, synthetic, type DayRun } from './routing-days';
import { loadInstances, runPublic, type VrptwObjective } from './routing-public';
import { budgets, dayFigures, infeasible, publicFigures } from './routing-report';

// ── Arguments ──────────────────────────────────────────────────────────────────────────────────

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dirArg = arg('--dir');
/**
 * Default: `../shared/bench-data/routing` from the repository root; from a git worktree nested
 * one level deeper (…/wt/<name>), the same folder one level up.
 */
const defaultDirs = [join(repoRoot, '..', 'shared', 'bench-data', 'routing'), join(repoRoot, '..', '..', 'shared', 'bench-data', 'routing')];
const dataDir = resolve(dirArg ?? defaultDirs.find((d) => existsSync(d)) ?? (defaultDirs[0] as string));
const bestFile = resolve(arg('--best') ?? join(dataDir, 'best-known.json'));
/** Seeds 1…N of each public instance (3 by default: the worst of them is the figure to report). */
const seeds = Math.max(1, Number(arg('--seeds') ?? 3));
const only = arg('--only')?.split(',');
const wants = (family: string): boolean => !only || only.includes(family);

/** Solomon's objective: `min-vehicles` (the board's default) or `cost` (goals: ./routing-public.ts). */
const objectiveArg = arg('--objective') ?? 'min-vehicles';
if (objectiveArg !== 'min-vehicles' && objectiveArg !== 'cost') {
  console.error(`Objetivo no válido: ${objectiveArg} (min-vehicles o cost)`);
  process.exit(2);
}
const vrptwObjective: VrptwObjective = objectiveArg;
/** The public instances' budget clock (./routing-public.ts `PublicRuns.clock`): `cpu` (default) or `wall`. */
const clockArg = arg('--clock') ?? 'cpu';
if (clockArg !== 'cpu' && clockArg !== 'wall') {
  console.error(`Reloj no válido: ${clockArg} (cpu o wall)`);
  process.exit(2);
}
const clock: 'cpu' | 'wall' = clockArg;

// ── Main ──────────────────────────────────────────────────────────────────────────────────────

console.log(`bench/routing — node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load ${(loadavg()[0] ?? 0).toFixed(1)}`);
console.log(`instances: ${dataDir}\n`);
const instances = loadInstances({ dataDir, bestFile, dirGiven: Boolean(dirArg) }, vrptwObjective);
if (instances) runPublic(instances, { seeds, wants, vrptwObjective, clock });
const days: DayRun[] = [];
if (!dirArg && wants('demo')) days.push(demoDay());
if (!dirArg && wants('synthetic')) days.push(synthetic(1000));
runDays(days);
console.log(`Load at the end ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores: wall times on a busy machine exceed CPU times.`);
writeFigures('routing', { seeds, objective: vrptwObjective, clock, public: publicFigures, days: dayFigures, infeasible }, budgets);
if (infeasible > 0) {
  console.log(`\n${infeasible} plan(s) infeasible.`);
  process.exit(1);
}
