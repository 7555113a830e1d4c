/**
 * Moves within one tour (./localSearch.ts): or-opt (a stretch of one to three stops moved, maybe
 * reversed), exchange of two stops, and 2-opt (a stretch reversed). Each computes the cost change
 * in O(1) and checks the windows (O(length)) only when the cost improves; it applies itself and
 * returns true only when allowed (locks) and better.
 */
import { GAIN, MoveKit } from './moveKit';
import { nodeAt, type Tour } from './solution';

export abstract class IntraMoves extends MoveKit {
  /** Or-opt: the `len` stops from sequence index s moved to after sequence index p of the same route. */
  relocateIntra(ri: number, s: number, len: number, p: number, rev: boolean): boolean {
    const { inst, sol } = this;
    const r = sol.routes[ri] as Tour;
    const k = r.jobs.length;
    const e = s + len - 1;
    if (e > k || p < 0 || p > k || (p >= s - 1 && p <= e)) return false;
    const lo = Math.min(s, p + 1);
    const hi = Math.max(e, p);
    if (this.lockedIn(r.v, lo, hi)) return false;
    const xs = nodeAt(inst, r, s);
    const xe = nodeAt(inst, r, e);
    const before = nodeAt(inst, r, s - 1);
    const after = nodeAt(inst, r, e + 1);
    const xp = nodeAt(inst, r, p);
    const xq = nodeAt(inst, r, p + 1);
    const removal = this.c(before, after) - this.c(before, xs) - this.c(xe, after) - this.c(xp, xq);
    const dC = rev
      ? removal + this.c(xp, xe) + this.c(xs, xq) + (r.preRC[e] as number) - (r.preRC[s] as number) - ((r.preC[e] as number) - (r.preC[s] as number))
      : removal + this.c(xp, xs) + this.c(xe, xq);
    if (r.penalty === 0 && dC > -GAIN) return false;
    // New order of the affected stretch [lo, hi].
    this.ensureMiddle(hi - lo + 1);
    let m = 0;
    if (p < s) {
      if (rev) for (let i = e; i >= s; i -= 1) this.middle[m++] = nodeAt(inst, r, i);
      else for (let i = s; i <= e; i += 1) this.middle[m++] = nodeAt(inst, r, i);
      for (let i = p + 1; i < s; i += 1) this.middle[m++] = nodeAt(inst, r, i);
    } else {
      for (let i = e + 1; i <= p; i += 1) this.middle[m++] = nodeAt(inst, r, i);
      if (rev) for (let i = e; i >= s; i -= 1) this.middle[m++] = nodeAt(inst, r, i);
      else for (let i = s; i <= e; i += 1) this.middle[m++] = nodeAt(inst, r, i);
    }
    const obj = this.intraObjective(r, lo - 1, m, hi + 1, this.routeC(r) + dC);
    if (obj - r.cost > -GAIN) return false;
    const jobs = r.jobs.slice();
    for (let i = 0; i < m; i += 1) jobs[lo - 1 + i] = this.middle[i] as number;
    this.ed.replace(ri, jobs);
    return true;
  }

  swapIntra(ri: number, ia: number, ib: number): boolean {
    const { inst, sol } = this;
    const r = sol.routes[ri] as Tour;
    const a = Math.min(ia, ib);
    const b = Math.max(ia, ib);
    if (a === b) return false;
    const u = r.jobs[a - 1] as number;
    const v = r.jobs[b - 1] as number;
    if ((inst.lockPos[u] as number) >= 0 || (inst.lockPos[v] as number) >= 0) return false;
    const pa = nodeAt(inst, r, a - 1);
    const nb = nodeAt(inst, r, b + 1);
    let dC: number;
    if (b === a + 1) {
      dC = this.c(pa, v) + this.c(v, u) + this.c(u, nb) - this.c(pa, u) - this.c(u, v) - this.c(v, nb);
    } else {
      const na = nodeAt(inst, r, a + 1);
      const pb = nodeAt(inst, r, b - 1);
      dC = this.c(pa, v) + this.c(v, na) + this.c(pb, u) + this.c(u, nb) - this.c(pa, u) - this.c(u, na) - this.c(pb, v) - this.c(v, nb);
    }
    if (r.penalty === 0 && dC > -GAIN) return false;
    this.ensureMiddle(b - a + 1);
    let m = 0;
    for (let i = a; i <= b; i += 1) this.middle[m++] = i === a ? v : i === b ? u : nodeAt(inst, r, i);
    const obj = this.intraObjective(r, a - 1, m, b + 1, this.routeC(r) + dC);
    if (obj - r.cost > -GAIN) return false;
    const jobs = r.jobs.slice();
    jobs[a - 1] = v;
    jobs[b - 1] = u;
    this.ed.replace(ri, jobs);
    return true;
  }

  /** 2-opt: reverses sequence indices a…b of a route. */
  twoOpt(ri: number, a: number, b: number): boolean {
    const { inst, sol } = this;
    const r = sol.routes[ri] as Tour;
    if (a < 1 || b > r.jobs.length || b <= a) return false;
    if (this.lockedIn(r.v, a, b)) return false;
    const pa = nodeAt(inst, r, a - 1);
    const xa = nodeAt(inst, r, a);
    const xb = nodeAt(inst, r, b);
    const nb = nodeAt(inst, r, b + 1);
    const inside = (r.preRC[b] as number) - (r.preRC[a] as number) - ((r.preC[b] as number) - (r.preC[a] as number));
    const dC = this.c(pa, xb) + this.c(xa, nb) - this.c(pa, xa) - this.c(xb, nb) + inside;
    if (r.penalty === 0 && dC > -GAIN) return false;
    this.ensureMiddle(b - a + 1);
    let m = 0;
    for (let i = b; i >= a; i -= 1) this.middle[m++] = nodeAt(inst, r, i);
    const obj = this.intraObjective(r, a - 1, m, b + 1, this.routeC(r) + dC);
    if (obj - r.cost > -GAIN) return false;
    const jobs = r.jobs.slice();
    for (let i = 0; i < m; i += 1) jobs[a - 1 + i] = this.middle[i] as number;
    this.ed.replace(ri, jobs);
    return true;
  }
}
