/**
 * Barcode symbols as module grids, for generated test images (the camera e2e's fake video and
 * bench/barcode's frames). The encoding is bwip-js's (`raw`): this file only lays the modules
 * out. Runs in Node and in the browser.
 */
import bwipjs from 'bwip-js/browser';

export type SymbolKind = 'ean13' | 'ean8' | 'upca' | 'code128' | 'qrcode';

/** A symbol's modules, row-major; a linear symbol has one row. */
export interface ModuleGrid {
  readonly kind: SymbolKind;
  readonly text: string;
  readonly cols: number;
  readonly rows: number;
  /** 1 = dark module. */
  readonly dark: Uint8Array;
  readonly linear: boolean;
  /** Quiet zone each side, in modules (what a reader needs around the symbol). */
  readonly quiet: number;
}

type RawLinear = { sbs: number[] };
type RawMatrix = { pixs: number[]; pixx: number; pixy: number };

export function moduleGrid(kind: SymbolKind, text: string): ModuleGrid {
  const raw = (bwipjs as unknown as { raw(o: { bcid: string; text: string }): (RawLinear | RawMatrix)[] }).raw({ bcid: kind, text });
  const first = raw[0];
  if (!first) throw new Error(`bwip-js: nothing encoded for ${kind} «${text}»`);
  if ('sbs' in first) {
    const cols = first.sbs.reduce((a, b) => a + b, 0);
    const dark = new Uint8Array(cols);
    let x = 0;
    first.sbs.forEach((w, i) => {
      if (i % 2 === 0) dark.fill(1, x, x + w);
      x += w;
    });
    return { kind, text, cols, rows: 1, dark, linear: true, quiet: kind === 'code128' ? 10 : 11 };
  }
  return { kind, text, cols: first.pixx, rows: first.pixy, dark: Uint8Array.from(first.pixs.map((p) => (p ? 1 : 0))), linear: false, quiet: 4 };
}

/** Width and height in pixels of a symbol drawn with `module` px modules (linear: bars `barHeight` px high), quiet zones included. */
export function symbolSize(g: ModuleGrid, module: number, barHeight: number): { width: number; height: number } {
  const width = Math.round((g.cols + 2 * g.quiet) * module);
  return { width, height: g.linear ? Math.round(barHeight + 2 * module * 2) : width };
}

/** Gray levels of one frame (row-major, 0 = black). */
export interface GrayFrame {
  readonly width: number;
  readonly height: number;
  readonly luma: Uint8Array;
}

export function grayFrame(width: number, height: number, background: number): GrayFrame {
  return { width, height, luma: new Uint8Array(width * height).fill(background) };
}

/**
 * Draws a symbol centred on a frame (nearest neighbour, no rotation): white quiet zone around
 * it, dark modules `ink`, light modules `paper`.
 */
export function drawSymbol(frame: GrayFrame, g: ModuleGrid, opts: { module: number; barHeight: number; ink?: number; paper?: number }): void {
  const { module, barHeight } = opts;
  const ink = opts.ink ?? 0;
  const paper = opts.paper ?? 255;
  const { width, height } = symbolSize(g, module, barHeight);
  const x0 = Math.floor((frame.width - width) / 2);
  const y0 = Math.floor((frame.height - height) / 2);
  for (let y = Math.max(0, y0); y < Math.min(frame.height, y0 + height); y += 1) {
    for (let x = Math.max(0, x0); x < Math.min(frame.width, x0 + width); x += 1) {
      const mx = Math.floor((x - x0) / module) - g.quiet;
      const inBars = g.linear ? y - y0 >= 2 * module && y - y0 < height - 2 * module : true;
      const my = g.linear ? 0 : Math.floor((y - y0) / module) - g.quiet;
      const isDark = inBars && mx >= 0 && mx < g.cols && my >= 0 && my < g.rows && g.dark[my * g.cols + mx] === 1;
      frame.luma[y * frame.width + x] = isDark ? ink : paper;
    }
  }
}
