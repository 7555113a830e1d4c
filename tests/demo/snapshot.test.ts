import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../server/demo/generate';

/**
 * The demo data is byte-for-byte the same for a given seed: refactors of the generator (split by
 * phase, moves) must not change one document. A change here that is meant (new demo content)
 * updates the hashes in the same commit, and says so.
 */
function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const TODAY = '2026-11-23';
const NOW = Date.UTC(2026, 10, 23, 9, 45);

describe('demo data snapshot', () => {
  it('is the same for the default seed', () => {
    expect(digest(generateDemoData({ today: TODAY, now: NOW }))).toBe('693d2f6631105a0de7a3f2445287678aa10f0c16f7c0172ba9e5ebf84a3456dc');
  });

  it('is the same for another seed and scale', () => {
    const data = generateDemoData({ seed: 7, today: TODAY, now: NOW, scale: { deliveryPoints: 120, ordersPerDay: 60, ridersPerHub: 2 } });
    expect(digest(data)).toBe('4bad853c45f0822a41e316a39dd87c07ffea51a4523a4bfab419ce36e2018e4c');
  });
});
