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
    expect(digest(generateDemoData({ today: TODAY, now: NOW }))).toBe('c15ec07f24aa08e4295f71de8895f4dbed06d09539d0471102851e168e8c6ed1');
  });

  it('is the same for another seed and scale', () => {
    const data = generateDemoData({ seed: 7, today: TODAY, now: NOW, scale: { deliveryPoints: 120, ordersPerDay: 60, ridersPerHub: 2 } });
    expect(digest(data)).toBe('ade5239c1601e99e057896bf8db3debd2459c2e6ec261b6bfba6a34c2f89719c');
  });
});
