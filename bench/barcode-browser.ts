/**
 * bench/barcode-browser: the page side of bench/barcode. bench/barcode.ts bundles this file
 * with Vite, opens it in headless Chromium and calls `window.cbBarcodeBench.run`. Each frame is
 * drawn on a canvas (a generated barcode, clean or degraded) and decoded ONCE through the app's
 * scanner wrapper (`createFrameDecoder` of src/ui/scanner/camera.ts: html5-qrcode's decoder,
 * the same the camera loop uses), as a camera hands the decoder a new frame each time.
 */
import { createFrameDecoder, type DecodePass } from '../src/ui/scanner/camera';
import { moduleGrid, type ModuleGrid, type SymbolKind } from '../scripts/barcodes/symbols';

export type Variant = 'clean' | 'rotated' | 'blurred' | 'low-contrast' | 'combined';

export interface FrameSpec {
  readonly kind: SymbolKind;
  readonly text: string;
  readonly width: number;
  readonly height: number;
  readonly variant: Variant;
  /** Rotation in degrees (rotated, combined). */
  readonly angle: number;
  /** Overrides of the variant's look (to study a frame the decoder misses). */
  readonly look?: Partial<Look>;
}

interface Look {
  readonly background: string;
  readonly paper: string;
  readonly ink: string;
  readonly blurModules: number;
  readonly noise: number;
}

export interface FrameResult {
  readonly spec: FrameSpec;
  /** Decode time of each round (ms). */
  readonly ms: number[];
  /** Decoded text equal to the expected one, per round. */
  readonly ok: boolean[];
  readonly native: boolean;
}

export interface BarcodeBenchApi {
  run(specs: readonly FrameSpec[], rounds: number, passes?: readonly DecodePass[]): Promise<FrameResult[]>;
  /** One frame as a PNG data URL (to look at a frame the decoder missed). */
  frame(spec: FrameSpec): string;
}

declare global {
  interface Window {
    cbBarcodeBench?: BarcodeBenchApi;
  }
}

/** A tiny seeded PRNG (mulberry32) for the sensor noise. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const grids = new Map<string, ModuleGrid>();
function gridOf(kind: SymbolKind, text: string): ModuleGrid {
  const k = `${kind}:${text}`;
  let g = grids.get(k);
  if (!g) {
    g = moduleGrid(kind, text);
    grids.set(k, g);
  }
  return g;
}

/**
 * How each variant looks. Blur is a Gaussian whose σ is a share of the symbol's module (its
 * narrowest bar), so every symbology is as out of focus as the others: a long Code 128 label
 * has narrower modules than an EAN-13 in the same frame.
 */
const LOOK: Record<Variant, Look> = {
  clean: { background: '#c8c8c8', paper: '#ffffff', ink: '#000000', blurModules: 0, noise: 0 },
  rotated: { background: '#c8c8c8', paper: '#ffffff', ink: '#000000', blurModules: 0, noise: 0 },
  // Out of focus: σ = half a module.
  blurred: { background: '#c8c8c8', paper: '#ffffff', ink: '#000000', blurModules: 0.5, noise: 0 },
  // Dim light, worn print, on a darker surface: ink at 40 % gray on 70 % paper (contrast 0.3).
  'low-contrast': { background: '#8c8c8c', paper: '#b3b3b3', ink: '#666666', blurModules: 0, noise: 0 },
  // All at once, milder (σ = 0.35 module, contrast 0.5, 5°), with sensor noise.
  combined: { background: '#9a9a9a', paper: '#d0d0d0', ink: '#4a4a4a', blurModules: 0.35, noise: 10 },
};

/** Draws one frame: the symbol centred, about 80 % of the width (linear) or 45 % of the height (QR). */
function drawFrame(canvas: HTMLCanvasElement, scratch: HTMLCanvasElement, spec: FrameSpec, seed: number): void {
  const look = { ...LOOK[spec.variant], ...spec.look };
  const g = gridOf(spec.kind, spec.text);
  const scale = spec.width / 640;
  for (const c of [canvas, scratch]) {
    c.width = spec.width;
    c.height = spec.height;
  }
  const s = scratch.getContext('2d') as CanvasRenderingContext2D;
  s.fillStyle = look.background;
  s.fillRect(0, 0, spec.width, spec.height);
  const totalCols = g.cols + 2 * g.quiet;
  // Linear: bars as a lens sees them, any width in pixels; QR: whole pixels per module (a
  // fractional module would leave anti-aliasing seams between modules, which no camera shows).
  const module = g.linear ? (spec.width * 0.8) / totalCols : Math.max(1, Math.floor((spec.height * 0.45) / totalCols));
  const symbolW = totalCols * module;
  const symbolH = g.linear ? spec.height * 0.3 : symbolW;
  s.save();
  s.translate(spec.width / 2, spec.height / 2);
  s.rotate((spec.angle * Math.PI) / 180);
  s.fillStyle = look.paper;
  s.fillRect(-symbolW / 2, -symbolH / 2, symbolW, symbolH);
  s.fillStyle = look.ink;
  const x0 = -symbolW / 2 + g.quiet * module;
  if (g.linear) {
    const barTop = -symbolH / 2 + 4 * scale;
    const barH = symbolH - 8 * scale;
    let x = 0;
    while (x < g.cols) {
      if (g.dark[x] === 1) {
        let w = 1;
        while (x + w < g.cols && g.dark[x + w] === 1) w += 1;
        s.fillRect(x0 + x * module, barTop, w * module, barH);
        x += w;
      } else x += 1;
    }
  } else {
    const left = Math.round(x0);
    const top = Math.round(-symbolH / 2 + g.quiet * module);
    for (let y = 0; y < g.rows; y += 1) {
      for (let x = 0; x < g.cols; x += 1) if (g.dark[y * g.cols + x] === 1) s.fillRect(left + x * module, top + y * module, module, module);
    }
  }
  s.restore();
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  ctx.filter = look.blurModules > 0 ? `blur(${(look.blurModules * module).toFixed(2)}px)` : 'none';
  ctx.drawImage(scratch, 0, 0);
  ctx.filter = 'none';
  if (look.noise > 0) {
    const img = ctx.getImageData(0, 0, spec.width, spec.height);
    const rnd = prng(seed);
    for (let i = 0; i < img.data.length; i += 4) {
      const n = (rnd() + rnd() + rnd() - 1.5) * look.noise * 1.2;
      for (let c = 0; c < 3; c += 1) img.data[i + c] = Math.max(0, Math.min(255, (img.data[i + c] ?? 0) + n));
    }
    ctx.putImageData(img, 0, 0);
  }
}

window.cbBarcodeBench = {
  async run(specs, rounds, passes) {
    const decoder = createFrameDecoder(undefined, passes);
    const canvas = document.createElement('canvas');
    const scratch = document.createElement('canvas');
    // Warm-up (JIT) on a few frames, not measured.
    for (const spec of specs.slice(0, 6)) {
      drawFrame(canvas, scratch, spec, 1);
      await decoder.decode(canvas);
    }
    const results: FrameResult[] = specs.map((spec) => ({ spec, ms: [], ok: [], native: decoder.native }));
    for (let r = 0; r < rounds; r += 1) {
      for (const [i, res] of results.entries()) {
        drawFrame(canvas, scratch, res.spec, i * 7919 + r);
        const t0 = performance.now();
        const decoded = await decoder.decode(canvas);
        res.ms.push(performance.now() - t0);
        res.ok.push(decoded?.text === res.spec.text);
      }
    }
    return results;
  },
  frame(spec) {
    const canvas = document.createElement('canvas');
    drawFrame(canvas, document.createElement('canvas'), spec, 1);
    return canvas.toDataURL('image/png');
  },
};
