/**
 * bench:livemap's view of the page's main thread from a Chromium trace (issue 33): each task's CPU
 * time, which other processes on a shared machine do not lengthen (their wall time they do).
 */
import type { CDPSession } from '@playwright/test';

/** A task over this much CPU time counts as long. */
const LONG_TASK_CPU_MS = 50;

/** The page's main thread from a trace: its tasks' CPU time, which other processes on the machine do not lengthen. */
export interface CpuFigures {
  /** CPU time of the costliest task, ms. */
  readonly longestTaskCpuMs: number;
  /** Tasks that used more than 50 ms of CPU. */
  readonly tasksOver50Cpu: number;
  /** CPU time of the main thread per second of the phase, ms (1000 = one core all the time). */
  readonly cpuMsPerS: number;
  /** Tasks traced. */
  readonly tasks: number;
}

/** Seconds at the start of a trace left out (tracing's own start-up); the page's probe starts after them. */
export const TRACE_SETTLE_S = 1;

export async function traceMainThread(cdp: CDPSession): Promise<{ stop(): Promise<CpuFigures> }> {
  const mains = new Set<string>();
  const tasks = new Map<string, { cpu: number[]; total: number }>();
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  const onData = (e: { value: readonly object[] }): void => {
    for (const v of e.value as readonly TraceEvent[]) {
      if (v.ph === 'M' && v.name === 'thread_name' && v.args?.name === 'CrRendererMain') mains.add(`${v.pid}:${v.tid}`);
      if (v.ph !== 'X' || v.name !== 'ThreadControllerImpl::RunTask' || v.tdur === undefined || v.ts === undefined) continue;
      first = Math.min(first, v.ts);
      last = Math.max(last, v.ts);
      // The trace's own start-up (categories enabled in each process) is not the page's work.
      if (v.ts < first + TRACE_SETTLE_S * 1e6) continue;
      const key = `${v.pid}:${v.tid}`;
      const t = tasks.get(key) ?? { cpu: [], total: 0 };
      t.cpu.push(v.tdur / 1000);
      t.total += v.tdur / 1000;
      tasks.set(key, t);
    }
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata'], excludedCategories: ['*'], recordMode: 'recordContinuously' }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', onData);
      const spanS = Math.max(1e-3, (last - first) / 1e6 - TRACE_SETTLE_S);
      const busiest = [...tasks].filter(([k]) => mains.has(k)).sort((a, b) => b[1].total - a[1].total)[0]?.[1] ?? { cpu: [], total: 0 };
      return {
        longestTaskCpuMs: busiest.cpu.length > 0 ? Math.max(...busiest.cpu) : 0,
        tasksOver50Cpu: busiest.cpu.filter((c) => c > LONG_TASK_CPU_MS).length,
        cpuMsPerS: busiest.total / spanS,
        tasks: busiest.cpu.length,
      };
    },
  };
}

interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}
