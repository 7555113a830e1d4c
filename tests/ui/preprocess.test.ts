import { describe, expect, it } from 'vitest';
import { normalizeLocalContrast, smoothVertical, unsharp } from '../../src/ui/scanner/preprocess';

/** An RGBA frame from a gray-level function. */
function frame(width: number, height: number, gray: (x: number, y: number) => number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      data.fill(gray(x, y), i, i + 3);
      data[i + 3] = 255;
    }
  }
  return data;
}
const at = (d: Uint8ClampedArray, width: number, x: number, y: number) => d[(y * width + x) * 4] ?? -1;
const W = 96;
const H = 48;
/** Bars 4 px wide (dark 40, light 200) in x 32..63, a flat surface (gray 90) around them. */
const bars = (x: number) => (x >= 32 && x < 64 ? (Math.floor(x / 4) % 2 === 0 ? 40 : 200) : 90);

describe('frame preprocessing for the decoder', () => {
  it('local contrast: a flat surface turns white; bars become one dark and one light level', () => {
    const out = new Uint8ClampedArray(W * H * 4);
    normalizeLocalContrast(frame(W, H, (x) => bars(x)), W, H, out, { window: 15 });
    expect(at(out, W, 4, 24)).toBe(255);
    expect(at(out, W, 90, 24)).toBe(255);
    const dark = [33, 41, 49, 57].map((x) => at(out, W, x, 24));
    const light = [37, 45, 53, 61].map((x) => at(out, W, x, 24));
    for (const d of dark) expect(d).toBeLessThan(100);
    for (const l of light) expect(l).toBeGreaterThan(156);
    expect(Math.max(...dark) - Math.min(...dark)).toBeLessThanOrEqual(20);
  });

  it('vertical smoothing removes noise along the bars and keeps the bars sharp', () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed / 2 ** 31 - 0.5) * 60;
    };
    const noisy = frame(W, H, (x) => bars(x) + noise());
    const out = new Uint8ClampedArray(W * H * 4);
    smoothVertical(noisy, W, H, out, 4);
    const spread = (d: Uint8ClampedArray, x: number) => {
      const col = Array.from({ length: 30 }, (_, i) => at(d, W, x, 9 + i));
      return Math.max(...col) - Math.min(...col);
    };
    expect(spread(out, 33)).toBeLessThan(spread(noisy, 33) / 2);
    // A bar and its neighbouring space stay apart.
    expect(at(out, W, 45, 24) - at(out, W, 41, 24)).toBeGreaterThan(120);
  });

  it('unsharp masking widens the step at a soft edge; flat areas stay as they were', () => {
    const soft = (x: number) => Math.round(60 + 140 * Math.min(1, Math.max(0, (x - 40) / 16)));
    const src = frame(W, H, (x) => soft(x));
    for (const denoise of [true, false]) {
      const out = new Uint8ClampedArray(W * H * 4);
      unsharp(src, W, H, out, { radius: 6, amount: 2, denoise });
      expect(at(out, W, 10, 24)).toBe(60);
      expect(at(out, W, 80, 24)).toBe(200);
      // Just before and after the ramp the values overshoot (darker and lighter than they were).
      expect(at(out, W, 43, 24)).toBeLessThan(soft(43));
      expect(at(out, W, 53, 24)).toBeGreaterThan(soft(53));
    }
  });
});
