import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ScanDedupe } from '../../src/ui/scanner/dedupe';
import { WedgeBuffer, isEditableTarget, type WedgeKey } from '../../src/ui/scanner/wedge';
import { cameraFailureOf } from '../../src/ui/scanner/cameraErrors';

describe('the same code within a second counts once', () => {
  it('drops repeats inside the window, counts again after it', () => {
    const d = new ScanDedupe(1000);
    expect(d.accept('A', 0)).toBe(true);
    expect(d.accept('A', 400)).toBe(false);
    expect(d.accept('B', 500)).toBe(true);
    expect(d.accept('A', 2401)).toBe(true);
    expect(d.accept('A', 3401)).toBe(false); // exactly one second after the last read: still within
    expect(d.accept('A', 4402)).toBe(true);
  });

  it('a code held in front of the camera (read every frame) counts once until it leaves the view', () => {
    const d = new ScanDedupe(1000);
    const counted = Array.from({ length: 50 }, (_, i) => d.accept('8410000810004', i * 80)).filter(Boolean);
    expect(counted).toHaveLength(1);
    // Out of view for more than a second, then back: it counts again.
    expect(d.accept('8410000810004', 49 * 80 + 1001)).toBe(true);
  });

  it('reset forgets every code; a clock going backwards never swallows a read', () => {
    const d = new ScanDedupe(1000);
    d.accept('A', 5000);
    d.reset();
    expect(d.accept('A', 5001)).toBe(true);
    expect(d.accept('A', 100)).toBe(true);
  });

  it('never counts one code twice within the window, whatever the timing (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C'), fc.integer({ min: 0, max: 400 })), { maxLength: 60 }), (reads) => {
        const d = new ScanDedupe(1000);
        let now = 0;
        const lastAccepted = new Map<string, number>();
        const lastSeen = new Map<string, number>();
        for (const [code, gap] of reads) {
          now += gap;
          const ok = d.accept(code, now);
          const prevSeen = lastSeen.get(code);
          // Counted exactly when the code was not seen in the last second.
          expect(ok).toBe(prevSeen === undefined || now - prevSeen > 1000);
          if (ok) {
            const prev = lastAccepted.get(code);
            expect(prev === undefined || now - prev > 1000).toBe(true);
            lastAccepted.set(code, now);
          }
          lastSeen.set(code, now);
        }
      }),
    );
  });
});

/** Key presses of a string, `gap` ms apart, then Enter. */
function typed(text: string, start: number, gap: number, extra: Partial<WedgeKey> = {}): WedgeKey[] {
  const keys = [...text].map((key, i) => ({ key, time: start + i * gap, editable: false, ...extra }));
  return [...keys, { key: 'Enter', time: start + text.length * gap, editable: false, ...extra }];
}

function feed(buffer: WedgeBuffer, keys: readonly WedgeKey[]): string[] {
  return keys.flatMap((k) => {
    const code = buffer.push(k);
    return code === null ? [] : [code];
  });
}

describe('keyboard-wedge scanners', () => {
  it('takes a fast burst ending in Enter', () => {
    expect(feed(new WedgeBuffer(), typed('8410000810004', 1000, 8))).toEqual(['8410000810004']);
    expect(feed(new WedgeBuffer(), typed('CB1-2-3-o-20261122-0042', 0, 25))).toEqual(['CB1-2-3-o-20261122-0042']);
  });

  it('ignores a person typing (slow keys), short bursts and Enter alone', () => {
    expect(feed(new WedgeBuffer(), typed('8410000810004', 0, 140))).toEqual([]);
    expect(feed(new WedgeBuffer(), typed('123', 0, 5))).toEqual([]);
    expect(feed(new WedgeBuffer(), [{ key: 'Enter', time: 10, editable: false }])).toEqual([]);
  });

  it('ignores keys typed into a field (they belong to it)', () => {
    expect(feed(new WedgeBuffer(), typed('8410000810004', 0, 5, { editable: true }))).toEqual([]);
    // A burst that starts in a field and ends outside it is not a scan either.
    const keys = typed('8410000810004', 0, 5);
    keys[3] = { ...keys[3]!, editable: true };
    expect(feed(new WedgeBuffer(), keys)).toEqual([]);
  });

  it('slow keys before a scan do not stick to it; Shift does not break it; other keys do', () => {
    const b = new WedgeBuffer();
    expect(feed(b, [{ key: 'x', time: 0, editable: false }, { key: 'y', time: 300, editable: false }, ...typed('CODE128', 1000, 4)])).toEqual(['CODE128']);
    const withShift = [{ key: 'Shift', time: 0, editable: false }, ...typed('AB12CD', 1, 3)];
    expect(feed(new WedgeBuffer(), withShift)).toEqual(['AB12CD']);
    const withArrow = typed('AB12CD', 0, 3);
    withArrow.splice(2, 0, { key: 'ArrowLeft', time: 4, editable: false });
    expect(feed(new WedgeBuffer(), withArrow)).toEqual([]);
    expect(feed(new WedgeBuffer(), typed('AB12CD', 0, 3, { ctrl: true }))).toEqual([]);
  });

  it('an Enter long after the last key is not the end of a scan', () => {
    const keys = typed('8410000810004', 0, 5);
    keys[keys.length - 1] = { key: 'Enter', time: 5 * 13 + 500, editable: false };
    expect(feed(new WedgeBuffer(), keys)).toEqual([]);
  });

  it('two scans in a row, other terminators and limits are configurable', () => {
    expect(feed(new WedgeBuffer(), [...typed('1111', 0, 2), ...typed('2222', 20, 2)])).toEqual(['1111', '2222']);
    const tab = [...'ABCD'].map((key, i) => ({ key, time: i, editable: false })).concat({ key: 'Tab', time: 4, editable: false });
    expect(feed(new WedgeBuffer({ terminators: ['Tab'] }), tab)).toEqual(['ABCD']);
    expect(feed(new WedgeBuffer({ minLength: 2 }), typed('12', 0, 2))).toEqual(['12']);
    expect(feed(new WedgeBuffer({ maxGapMs: 200 }), typed('8410000810004', 0, 140))).toEqual(['8410000810004']);
    expect(feed(new WedgeBuffer({ maxLength: 4 }), typed('123456', 0, 2))).toEqual(['3456']);
  });

  it('outside a browser nothing counts as a field', () => {
    expect(isEditableTarget(null)).toBe(false);
  });
});

describe('camera failures in Spanish', () => {
  it('tells a refusal, a missing camera, a busy one and an insecure page apart', () => {
    expect(cameraFailureOf('Error getting userMedia, error = NotAllowedError: Permission denied', true).kind).toBe('denied');
    expect(cameraFailureOf(new DOMException('Requested device not found', 'NotFoundError'), true).kind).toBe('absent');
    expect(cameraFailureOf('Camera streaming not supported by the browser.', true).kind).toBe('absent');
    expect(cameraFailureOf('Error getting userMedia, error = NotReadableError: Could not start video source', true).kind).toBe('busy');
    expect(cameraFailureOf('anything', false).kind).toBe('insecure');
    expect(cameraFailureOf(new Error('weird'), true)).toEqual({ kind: 'unavailable', detail: 'Error: weird' });
  });
});
