/**
 * Ways of preparing a camera frame for another decoding attempt when it did not read as it is
 * (see DecodePass in ./camera.ts). All pure: RGBA in, RGBA (gray) out.
 *
 * Local contrast normalisation (`normalizeLocalContrast`). ZXing reads 1D barcodes row by row
 * with ONE threshold per row (a global histogram): dim or uneven light, a worn print and the
 * surface around a label mix several gray levels in a row. Here every pixel is compared with
 * its neighbourhood (mean and standard
 * deviation over a window, with integral images): flat areas (a table, a wall, the shelf)
 * become white, and where there is detail each pixel becomes its distance from the local mean in
 * standard deviations, mapped around mid-gray. Bars and spaces then have one dark and one light
 * level everywhere, and the blurred edges keep their gradient (no bias that would thin the bars,
 * as a hard threshold below the mean does).
 */
export interface ContrastOptions {
  /** Side of the window in pixels (default: a sixteenth of the width, at least 15). */
  readonly window?: number;
  /** Below this standard deviation (gray levels) an area is flat and turns white (default 10). */
  readonly minStd?: number;
}

export function normalizeLocalContrast(src: Uint8ClampedArray, width: number, height: number, out: Uint8ClampedArray, opts: ContrastOptions = {}): void {
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  const sq = new Float64Array(w1 * (height + 1));
  const lum = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    let rowSq = 0;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const l = (306 * (src[i] ?? 0) + 601 * (src[i + 1] ?? 0) + 117 * (src[i + 2] ?? 0) + 0x200) >> 10;
      lum[y * width + x] = l;
      rowSum += l;
      rowSq += l * l;
      const k = (y + 1) * w1 + x + 1;
      sum[k] = (sum[k - w1] ?? 0) + rowSum;
      sq[k] = (sq[k - w1] ?? 0) + rowSq;
    }
  }
  const half = Math.max(7, Math.floor((opts.window ?? Math.max(15, width >> 4)) / 2));
  const minVar = (opts.minStd ?? 10) ** 2;
  const box = (a: Float64Array, x0: number, y0: number, x1: number, y1: number) => (a[y1 * w1 + x1] ?? 0) - (a[y0 * w1 + x1] ?? 0) - (a[y1 * w1 + x0] ?? 0) + (a[y0 * w1 + x0] ?? 0);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const n = (y1 - y0) * (x1 - x0);
      const mean = box(sum, x0, y0, x1, y1) / n;
      const variance = box(sq, x0, y0, x1, y1) / n - mean * mean;
      let v = 255;
      if (variance >= minVar) v = Math.max(0, Math.min(255, Math.round(128 + (64 * ((lum[y * width + x] ?? 0) - mean)) / Math.sqrt(variance))));
      const o = (y * width + x) * 4;
      out[o] = v;
      out[o + 1] = v;
      out[o + 2] = v;
      out[o + 3] = 255;
    }
  }
}

/** Luma of RGBA pixels (the weights ZXing uses). */
function lumaOf(src: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const lum = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < lum.length; i += 4, j += 1) lum[j] = (306 * (src[i] ?? 0) + 601 * (src[i + 1] ?? 0) + 117 * (src[i + 2] ?? 0) + 0x200) >> 10;
  return lum;
}

function writeGray(out: Uint8ClampedArray, j: number, v: number): void {
  const o = j * 4;
  out[o] = v;
  out[o + 1] = v;
  out[o + 2] = v;
  out[o + 3] = 255;
}

/**
 * Averages each pixel with the `radius` pixels above and below it. Bars of a 1D code are
 * vertical, so this removes sensor noise without blurring them (a slight tilt is fine).
 */
export function smoothVertical(src: Uint8ClampedArray, width: number, height: number, out: Uint8ClampedArray, radius = 4): void {
  const lum = lumaOf(src, width, height);
  for (let x = 0; x < width; x += 1) {
    let acc = 0;
    let n = 0;
    for (let y = 0; y < Math.min(height, radius); y += 1) {
      acc += lum[y * width + x] ?? 0;
      n += 1;
    }
    for (let y = 0; y < height; y += 1) {
      const add = y + radius;
      if (add < height) {
        acc += lum[add * width + x] ?? 0;
        n += 1;
      }
      const drop = y - radius - 1;
      if (drop >= 0) {
        acc -= lum[drop * width + x] ?? 0;
        n -= 1;
      }
      writeGray(out, y * width + x, Math.round(acc / n));
    }
  }
}

/**
 * Unsharp masking on a denoised picture: each pixel's 3 × 3 mean moves away from the mean of its
 * larger neighbourhood (radius ≈ width / 160) by `amount` times the difference. Restores the
 * edges a defocused camera softened without amplifying sensor noise pixel by pixel.
 */
export function unsharp(src: Uint8ClampedArray, width: number, height: number, out: Uint8ClampedArray, opts: { radius?: number; amount?: number; denoise?: boolean } = {}): void {
  const radius = opts.radius ?? Math.max(2, Math.round(width / 160));
  const amount = opts.amount ?? 3;
  const centre = opts.denoise === false ? 0 : 1;
  const lum = lumaOf(src, width, height);
  const w1 = width + 1;
  const sum = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += lum[y * width + x] ?? 0;
      const k = (y + 1) * w1 + x + 1;
      sum[k] = (sum[k - w1] ?? 0) + row;
    }
  }
  const mean = (x: number, y: number, r: number) => {
    const x0 = Math.max(0, x - r);
    const x1 = Math.min(width, x + r + 1);
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    return ((sum[y1 * w1 + x1] ?? 0) - (sum[y0 * w1 + x1] ?? 0) - (sum[y1 * w1 + x0] ?? 0) + (sum[y0 * w1 + x0] ?? 0)) / ((y1 - y0) * (x1 - x0));
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const near = mean(x, y, centre);
      writeGray(out, y * width + x, Math.max(0, Math.min(255, Math.round(near + amount * (near - mean(x, y, radius))))));
    }
  }
}
