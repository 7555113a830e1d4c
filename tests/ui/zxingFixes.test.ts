/**
 * The ZXing port bundled by html5-qrcode 2.3.8 cannot read an EAN-13, UPC-A or Code 128 with
 * anything dark before it in the row; src/ui/scanner/zxingFixes.ts fixes it. Decoded here in
 * Node with the library's own reader on generated frames.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { applyZxingFixes, type ZXingLike } from '../../src/ui/scanner/zxingFixes';
import { drawSymbol, grayFrame, moduleGrid, type SymbolKind } from '../../scripts/barcodes/symbols';

const require = createRequire(import.meta.url);
// The same file html5-qrcode imports.
const ZX = require('html5-qrcode/third_party/zxing-js.umd.js') as ZXingLike & Record<string, unknown>;

type Ctor = new (...args: unknown[]) => Record<string, (...a: unknown[]) => unknown>;
const BF = ZX.BarcodeFormat as Record<string, number>;
const FORMATS = [BF.EAN_13, BF.EAN_8, BF.UPC_A, BF.CODE_128, BF.QR_CODE];

/** Decodes a frame with `background` around a white label holding the code; null when nothing reads. */
function read(kind: SymbolKind, text: string, background: number, module = 4): string | null {
  const frame = grayFrame(640, 480, background);
  const g = moduleGrid(kind, text);
  drawSymbol(frame, g, { module, barHeight: 140 });
  const source = new (ZX.RGBLuminanceSource as unknown as Ctor)(new Uint8ClampedArray(frame.luma), 640, 480);
  const bitmap = new (ZX.BinaryBitmap as unknown as Ctor)(new (ZX.HybridBinarizer as unknown as Ctor)(source));
  const hints = new Map<unknown, unknown>([
    [(ZX.DecodeHintType as Record<string, number>).POSSIBLE_FORMATS, FORMATS],
    [(ZX.DecodeHintType as Record<string, number>).TRY_HARDER, false],
  ]);
  const reader = new (ZX.MultiFormatReader as unknown as Ctor)();
  reader.setHints?.(hints);
  try {
    return (reader.decode?.(bitmap) as { getText(): string }).getText();
  } catch {
    return null;
  }
}

const CASES: [SymbolKind, string, number][] = [
  ['ean13', '8410000810004', 4],
  ['upca', '036000291452', 4],
  ['ean8', '96385074', 5],
  ['code128', 'CB1-2-3-o-20261122-0042', 2],
];

describe('ZXing 1D start-pattern search (html5-qrcode 2.3.8)', () => {
  it('reads on a light background, and is blind on a dark one without the fix', () => {
    for (const [kind, text, module] of CASES) {
      expect(read(kind, text, 200, module), `${kind} on light`).toBe(text);
    }
    const blind = CASES.filter(([kind, text, module]) => read(kind, text, 90, module) === null).map(([k]) => k);
    expect(blind).toEqual(['ean13', 'upca', 'ean8', 'code128']);
  });

  it('reads every symbology on dark, mid and light backgrounds with the fix', () => {
    expect(applyZxingFixes(ZX)).toBe(true);
    expect(applyZxingFixes(ZX)).toBe(true); // idempotent
    for (const [kind, text, module] of CASES) {
      for (const background of [0, 90, 140, 200, 255]) {
        const got = read(kind, text, background, module);
        // UPC-A comes back as the 12 digits.
        expect(got, `${kind} «${text}» on ${background}`).toBe(text);
      }
    }
  });
});
