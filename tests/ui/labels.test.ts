import { describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js/browser';
import { code128Svg, svgDataUrl } from '../../src/ui/labels/barcodeSvg';
import { encodeLabelCode } from '../../src/domain/picking';

describe('Code 128 label barcodes (bwip-js)', () => {
  it('draws every module of the label code as SVG bars', async () => {
    const code = encodeLabelCode({ order_id: 'o-20261122-0042', box: 2, of: 3 });
    const svg = await code128Svg(code, { moduleScale: 3 });
    expect(svg.startsWith('<svg')).toBe(true);
    // The symbol's modules (bars and spaces) from the encoder, at 3 px each, plus 10 px of quiet zone per side.
    const [symbol] = bwipjs.raw({ bcid: 'code128', text: code }) as { sbs: number[] }[];
    const modules = (symbol?.sbs ?? []).reduce((a, b) => a + b, 0);
    expect(modules).toBeGreaterThan(11 * code.length);
    const width = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    expect(width).toBe(modules * 3 + 2 * 10 * 3);
    // One stroke per bar.
    const bars = (svg.match(/M\d+(\.\d+)? \d+L/g) ?? []).length;
    expect(bars).toBe(Math.ceil((symbol?.sbs.length ?? 0) / 2));
    expect(svgDataUrl(svg)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });
});
