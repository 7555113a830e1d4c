/**
 * CPU profiles of a page's main thread (Chromium's `Profiler` domain), summarised for the
 * benchmarks: self time per function, and the stacks of the longest busy stretch.
 * For names in the profiles, build with source maps first: `CB_SOURCEMAP=1 npm run build`.
 */
const ms = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));

export interface CpuProfile {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Prints where the main thread spent `p` (self time per function), and the longest busy stretch's stacks. */
export function printProfile(phase: string, p: CpuProfile, top = 15): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const key = `${f.functionName || '(anónima)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`\nPerfil de CPU del hilo principal (${phase}), tiempo propio:`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms(v).padStart(6)} ms  ${k}`);
  // The longest run of samples without idle time (the long task), and the stacks it spent on.
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byId.get(id)?.callFrame;
    return f ? `${f.functionName || '(anónima)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}` : '?';
  };
  let best = { from: 0, to: 0, ms: 0 };
  let from = 0;
  let run = 0;
  p.samples.forEach((id, i) => {
    // Idle, or native work outside any script (a file handed in, a paint): not a script's task.
    const fn = byId.get(id)?.callFrame.functionName;
    const idle = fn === '(idle)' || fn === '(program)';
    if (idle) {
      run = 0;
      from = i + 1;
      return;
    }
    run += (p.timeDeltas[i] ?? 0) / 1000;
    if (run > best.ms) best = { from, to: i, ms: run };
  });
  const stacks = new Map<string, number>();
  for (let i = best.from; i <= best.to; i += 1) {
    const frames: string[] = [];
    for (let id: number | undefined = p.samples[i]; id !== undefined; id = parent.get(id)) frames.push(name(id));
    const key = frames.reverse().slice(1, 14).join(' › ');
    stacks.set(key, (stacks.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  console.log(`  Tramo ocupado más largo: ${ms(best.ms)} ms; sus pilas (desde la raíz):`);
  for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${ms(v).padStart(6)} ms  ${k}`);
}
