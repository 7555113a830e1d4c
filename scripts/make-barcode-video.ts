/**
 * Makes a .y4m video of barcodes for Chromium's fake camera (camera e2e tests):
 *
 *   npx tsx scripts/make-barcode-video.ts <out.y4m> <kind>:<text> [<kind>:<text>…]
 *
 * kinds: ean13, ean8, upca, code128, qrcode. Each code is shown for `SECONDS_PER_CODE` seconds
 * (10 frames a second), centred on a 640 × 480 gray frame; the video loops in Chromium.
 */
import { pathToFileURL } from 'node:url';
import { drawSymbol, grayFrame, moduleGrid, type GrayFrame, type SymbolKind } from './barcodes/symbols';
import { writeY4m } from './barcodes/y4m';

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 480;
const FPS = 10;

/** Frames showing one code, filling about 80 % of the width as a picker holds it. */
export function framesOf(kind: SymbolKind, text: string, count: number): GrayFrame[] {
  const g = moduleGrid(kind, text);
  const frame = grayFrame(VIDEO_WIDTH, VIDEO_HEIGHT, 200);
  const module = g.linear ? Math.max(2, Math.floor((VIDEO_WIDTH * 0.8) / (g.cols + 2 * g.quiet))) : Math.max(4, Math.floor((VIDEO_HEIGHT * 0.5) / (g.cols + 2 * g.quiet)));
  drawSymbol(frame, g, { module, barHeight: Math.round(VIDEO_HEIGHT * 0.3) });
  return Array.from({ length: count }, () => frame);
}

export function makeBarcodeVideo(out: string, codes: readonly { kind: SymbolKind; text: string }[], secondsPerCode = 2): void {
  writeY4m(
    out,
    codes.flatMap((c) => framesOf(c.kind, c.text, secondsPerCode * FPS)),
    FPS,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [out, ...specs] = process.argv.slice(2);
  if (!out || specs.length === 0) {
    console.error('Uso: npx tsx scripts/make-barcode-video.ts <salida.y4m> <tipo>:<texto> [...]');
    process.exit(2);
  }
  const codes = specs.map((s) => {
    const i = s.indexOf(':');
    return { kind: s.slice(0, i) as SymbolKind, text: s.slice(i + 1) };
  });
  makeBarcodeVideo(out, codes);
  console.info(`${out}: ${codes.map((c) => `${c.kind} «${c.text}»`).join(', ')}`);
}
