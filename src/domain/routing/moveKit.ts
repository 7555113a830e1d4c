/**
 * What every local-search move needs (./localSearch.ts): travel cost and time between nodes, time
 * segments extended stop by stop, vehicle and lock checks, a tour's objective with changed stops,
 * and the scratch arrays moves reuse (no allocation per move tried).
 */
import type { Instance } from './instance';
import type { Editor } from './ruinRecreate';
import { cat, SEG, nodeAt, routePenalty, type Tour, type Solution } from './solution';

/** Below this a change of the objective is noise, not an improvement. */
export const GAIN = 1e-6;

export abstract class MoveKit {
  protected readonly inst: Instance;
  protected readonly sol: Solution;
  protected readonly ed: Editor;
  protected readonly loadA: Float64Array;
  protected readonly loadB: Float64Array;
  protected readonly segLoad: Float64Array;
  protected middle: Int32Array;

  constructor(editor: Editor) {
    this.ed = editor;
    this.sol = editor.sol;
    this.inst = editor.inst;
    this.loadA = new Float64Array(this.inst.dims);
    this.loadB = new Float64Array(this.inst.dims);
    this.segLoad = new Float64Array(this.inst.dims);
    this.middle = new Int32Array(16);
  }

  protected c(a: number, b: number): number {
    const { inst } = this;
    return inst.cost[(inst.loc[a] as number) * inst.size + (inst.loc[b] as number)] as number;
  }

  protected t(a: number, b: number): number {
    const { inst } = this;
    return inst.time[(inst.loc[a] as number) * inst.size + (inst.loc[b] as number)] as number;
  }

  /**
   * Into SEG: the time segment (D, TW, E, L) that ends at node `prev`, followed by `count` jobs of
   * `jobs` read from index `from` in steps of `step` (−1 walks backwards). Returns the last node.
   */
  protected extend(D: number, TW: number, E: number, L: number, prev: number, jobs: ArrayLike<number>, from: number, step: 1 | -1, count: number): number {
    const { inst } = this;
    SEG[0] = D;
    SEG[1] = TW;
    SEG[2] = E;
    SEG[3] = L;
    let node = prev;
    for (let i = 0; i < count; i += 1) {
      const x = jobs[from + i * step] as number;
      cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(node, x), inst.service[x] as number, 0, inst.early[x] as number, inst.late[x] as number);
      node = x;
    }
    return node;
  }

  protected allowed(j: number, v: number): boolean {
    const only = this.inst.onlyVehicle[j] as number;
    return only < 0 || only === v;
  }

  /** Whether a position-locked stop sits at a sequence index in [a, b] of vehicle v's route. */
  protected lockedIn(v: number, a: number, b: number): boolean {
    const last = this.inst.lastLock[v] as number;
    if (a > last || b < a) return false;
    const cum = this.inst.lockCum[v] as Int32Array;
    const hi = Math.min(b, last);
    return (cum[hi] as number) - (a > 0 ? (cum[a - 1] as number) : 0) > 0;
  }

  protected objective(v: number, C: number, D: number, TW: number, load: Float64Array, empty: boolean): number {
    if (empty) return 0;
    return C + (this.inst.fixed[v] as number) + routePenalty(this.inst, v, D, TW, load, 0);
  }

  /** Writes an accepted inter-route move: both routes' new job sequences. */
  protected replaceBoth(ra: number, newA: number[], rb: number, newB: number[]): true {
    this.ed.replace(ra, newA);
    this.ed.replace(rb, newB);
    return true;
  }


  /** Objective of route r if its sequence were: prefix 0…pe, then `count` nodes of `middle`, then suffix ss…end. */
  protected intraObjective(r: Tour, pe: number, count: number, ss: number, C: number): number {
    const { inst } = this;
    let D = 0;
    let TW = 0;
    if (inst.timed) {
      const last = this.extend(r.preD[pe] as number, r.preTW[pe] as number, r.preE[pe] as number, r.preL[pe] as number, nodeAt(inst, r, pe), this.middle, 0, 1, count);
      cat(SEG[0]!, SEG[1]!, SEG[2]!, SEG[3]!, this.t(last, nodeAt(inst, r, ss)), r.sufD[ss] as number, r.sufTW[ss] as number, r.sufE[ss] as number, r.sufL[ss] as number);
      D = SEG[0]!;
      TW = SEG[1]!;
    }
    return C + (inst.fixed[r.v] as number) + routePenalty(inst, r.v, D, TW, r.load, 0);
  }

  protected ensureMiddle(n: number): void {
    if (this.middle.length < n) this.middle = new Int32Array(Math.max(n, this.middle.length * 2));
  }

  protected routeC(r: Tour): number {
    return r.preC[r.jobs.length + 1] as number;
  }
}
