/**
 * The camera side of the scanner. Decoding is html5-qrcode's (the product owner's choice): its
 * decoder uses the browser's native BarcodeDetector when it exists and ZXing otherwise. The
 * camera loop is ours, not html5-qrcode's, because the scanner needs what that loop cannot be
 * told to do: decode the guide box at the camera's own resolution, try the frame again prepared
 * differently when it does not read (blur, noise, dim light, dark surroundings: see
 * ./preprocess.ts and bench/barcode.ts), drive the torch, and measure exactly what runs live.
 * It also fixes a bug of the ZXing port html5-qrcode bundles (./zxingFixes.ts).
 *
 * This is the ONLY module that imports html5-qrcode. The Scanner loads it with a dynamic import
 * when a camera starts (bench/barcode.ts loads it too), so the library stays out of every other
 * screen's JavaScript; the service worker precaches the chunk like every built file, so the
 * camera also works offline.
 */
import { Html5QrcodeSupportedFormats } from 'html5-qrcode';
import { Html5QrcodeShim } from 'html5-qrcode/esm/code-decoder';
import { BaseLoggger } from 'html5-qrcode/esm/core';
import * as ZXing from 'html5-qrcode/third_party/zxing-js.umd';
import { normalizeLocalContrast, smoothVertical, unsharp } from './preprocess';
import { cameraFailureOf, type CameraFailure } from './cameraErrors';
import { SCAN_FORMATS, type ScanFormat } from './formats';
import { applyZxingFixes, type ZXingLike } from './zxingFixes';

// The ZXing bundled with html5-qrcode misses 1D codes with anything dark before them (./zxingFixes.ts).
applyZxingFixes(ZXing as unknown as ZXingLike);

const TO_LIBRARY: Readonly<Record<ScanFormat, Html5QrcodeSupportedFormats>> = {
  ean_13: Html5QrcodeSupportedFormats.EAN_13,
  ean_8: Html5QrcodeSupportedFormats.EAN_8,
  upc_a: Html5QrcodeSupportedFormats.UPC_A,
  code_128: Html5QrcodeSupportedFormats.CODE_128,
  qr_code: Html5QrcodeSupportedFormats.QR_CODE,
};
const FROM_LIBRARY = new Map<number, ScanFormat>(SCAN_FORMATS.map((f) => [TO_LIBRARY[f], f]));

export interface Decoded {
  readonly text: string;
  /** null when the library reports a format we did not ask for. */
  readonly format: ScanFormat | null;
}

export interface FrameDecoder {
  /** Decodes one frame; null when no code of the formats asked for is read. */
  decode(canvas: HTMLCanvasElement): Promise<Decoded | null>;
  /** The browser's native BarcodeDetector is used first. */
  readonly native: boolean;
}

/** Whether this browser has a native BarcodeDetector (html5-qrcode then uses it first). */
export function hasNativeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

/**
 * A way of preparing a frame before a decoding attempt (./preprocess.ts):
 * - `plain`: the frame as the camera gives it;
 * - `unsharp`: denoised, then sharpened (defocus with sensor noise);
 * - `sharpen`: sharpened pixel by pixel (defocus);
 * - `contrast`: normalised to the local contrast (dim light, worn print, dark surroundings);
 * - `vertical`: averaged along the bars (noise on 1D codes).
 */
export type DecodePass = 'plain' | 'contrast' | 'vertical' | 'unsharp' | 'sharpen';
/**
 * The passes tried in order until one reads. Chosen with bench/barcode.ts: each later pass
 * only runs when the earlier ones read nothing, so a clear frame costs one attempt.
 */
export const DEFAULT_PASSES: readonly DecodePass[] = ['plain', 'unsharp', 'sharpen', 'contrast'];

/**
 * THE decode function of the scanner, used by the camera loop and by bench/barcode:
 * html5-qrcode's decoder on the frame, then on the frame prepared by each further pass until one
 * reads.
 */
export function createFrameDecoder(formats: readonly ScanFormat[] = SCAN_FORMATS, passes: readonly DecodePass[] = DEFAULT_PASSES): FrameDecoder {
  const shim = new Html5QrcodeShim(
    formats.map((f) => TO_LIBRARY[f]),
    true,
    false,
    new BaseLoggger(false),
  );
  const work = document.createElement('canvas');
  const attempt = async (canvas: HTMLCanvasElement): Promise<Decoded | null> => {
    try {
      const r = await shim.decodeRobustlyAsync(canvas);
      return { text: r.text, format: r.format ? (FROM_LIBRARY.get(r.format.format) ?? null) : null };
    } catch {
      return null;
    }
  };
  return {
    native: hasNativeDetector(),
    async decode(canvas) {
      const { width, height } = canvas;
      let frame: ImageData | null = null;
      for (const pass of passes) {
        if (pass === 'plain') {
          const r = await attempt(canvas);
          if (r) return r;
          continue;
        }
        if (width === 0 || height === 0) return null;
        frame ??= canvas.getContext('2d', { willReadFrequently: true })?.getImageData(0, 0, width, height) ?? null;
        if (!frame) return null;
        if (work.width !== width || work.height !== height) {
          work.width = width;
          work.height = height;
        }
        const wctx = work.getContext('2d', { willReadFrequently: true });
        if (!wctx) return null;
        const out = wctx.createImageData(width, height);
        if (pass === 'contrast') normalizeLocalContrast(frame.data, width, height, out.data);
        else if (pass === 'vertical') smoothVertical(frame.data, width, height, out.data);
        else if (pass === 'unsharp') unsharp(frame.data, width, height, out.data);
        else unsharp(frame.data, width, height, out.data, { denoise: false });
        wctx.putImageData(out, 0, 0);
        const r = await attempt(work);
        if (r) return r;
      }
      return null;
    },
  };
}

export class CameraStartError extends Error {
  constructor(
    readonly kind: CameraFailure,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'CameraStartError';
  }
}

export interface CameraController {
  /** The torch (flashlight) of the running camera, where the device has one. */
  readonly torchSupported: boolean;
  setTorch(on: boolean): Promise<void>;
  stop(): void;
}

export interface StartOptions {
  readonly formats?: readonly ScanFormat[];
  /** Every successful decode (the caller dedupes). */
  readonly onDecode: (decoded: Decoded) => void;
  /** Frames decoded per second at most (default 10). */
  readonly fps?: number;
}

/** The guide box: the part of the picture that is decoded (a wide band suits barcodes and QR). */
export const GUIDE = { width: 0.9, height: 0.6 } as const;
/** Frames wider than this are scaled down before decoding (time per frame). */
const MAX_DECODE_WIDTH = 1280;

/**
 * Opens the rear camera inside `container` (a video with the guide box drawn over it) and
 * decodes the guide box continuously. Rejects with a CameraStartError saying why the camera
 * could not open.
 */
export async function startCamera(container: HTMLElement, opts: StartOptions): Promise<CameraController> {
  const secure = typeof window !== 'undefined' && window.isSecureContext;
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    const f = cameraFailureOf('Camera streaming not supported by the browser.', secure);
    throw new CameraStartError(f.kind, f.detail);
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
  } catch (err) {
    const f = cameraFailureOf(err, secure);
    throw new CameraStartError(f.kind, f.detail);
  }
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.setAttribute('aria-hidden', 'true');
  video.style.cssText = 'display:block;width:100%;height:auto';
  const guide = document.createElement('div');
  guide.style.cssText = `position:absolute;left:${((1 - GUIDE.width) / 2) * 100}%;top:${((1 - GUIDE.height) / 2) * 100}%;width:${GUIDE.width * 100}%;height:${GUIDE.height * 100}%;border:3px solid rgba(255,255,255,.9);border-radius:8px;box-shadow:0 0 0 9999px rgba(0,0,0,.35);pointer-events:none`;
  container.style.position = 'relative';
  container.replaceChildren(video, guide);
  video.srcObject = stream;
  const [track] = stream.getVideoTracks();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const t of stream.getTracks()) t.stop();
    video.srcObject = null;
    container.replaceChildren();
  };
  try {
    await video.play();
  } catch (err) {
    stop();
    const f = cameraFailureOf(err, secure);
    throw new CameraStartError(f.kind, f.detail);
  }

  const decoder = createFrameDecoder(opts.formats ?? SCAN_FORMATS);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const interval = 1000 / (opts.fps ?? 10);
  const tick = async () => {
    if (stopped) return;
    const started = performance.now();
    const vw = video.videoWidth;
    const vh = video.videoHeight;
    if (ctx && vw > 0 && vh > 0) {
      const sw = Math.round(vw * GUIDE.width);
      const sh = Math.round(vh * GUIDE.height);
      const scale = Math.min(1, MAX_DECODE_WIDTH / sw);
      canvas.width = Math.round(sw * scale);
      canvas.height = Math.round(sh * scale);
      ctx.drawImage(video, Math.round((vw - sw) / 2), Math.round((vh - sh) / 2), sw, sh, 0, 0, canvas.width, canvas.height);
      const decoded = await decoder.decode(canvas);
      if (decoded && !stopped) opts.onDecode(decoded);
    }
    if (!stopped) setTimeout(() => void tick(), Math.max(0, interval - (performance.now() - started)));
  };
  void tick();

  const caps = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
  const torchSupported = caps.torch === true;
  return {
    torchSupported,
    async setTorch(on) {
      if (torchSupported && track) await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    },
    stop,
  };
}
