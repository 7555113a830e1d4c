/**
 * Two bugs of the ZXing port that html5-qrcode 2.3.8 bundles (third_party/zxing-js.umd.js),
 * fixed at run time. Both are in the search for a 1D barcode's start pattern: after a candidate
 * that does not match, the Java original shifts its run-length counters with
 * `System.arraycopy(counters, 2, counters, 0, counterPosition - 1)`; the port writes
 * `counters.slice(2, counters.length - 1)`, which loses runs (EAN/UPC: the first counter becomes
 * empty; Code 128: the array shrinks to 3 of its 6 counters). So anything dark in the row before
 * the barcode — a darker table or shelf, a hand, print on the box — made every EAN-13, EAN-8,
 * UPC-A and Code 128 in that row unreadable; only a code on a light background read. Found by
 * bench/barcode.ts; tested in tests/ui/zxingFixes.test.ts. The native BarcodeDetector (Android,
 * ChromeOS, macOS) does not use this code.
 *
 * The fixed functions are the Java algorithm again, with the shift done right.
 */

interface BitRow {
  getSize(): number;
  get(i: number): boolean;
  getNextSet(from: number): number;
  getNextUnset(from: number): number;
  isRange(start: number, end: number, value: boolean): boolean;
}

type Variance = (counters: Int32Array, pattern: Int32Array | number[], maxIndividualVariance: number) => number;

/** The parts of the ZXing module the fixes touch. */
export interface ZXingLike {
  readonly Code128Reader: object;
  readonly EAN13Reader: object;
  readonly OneDReader: { patternMatchVariance: Variance };
  readonly NotFoundException: new () => Error;
}

interface Code128Statics {
  findStartPattern: (row: BitRow) => Int32Array;
  MAX_AVG_VARIANCE: number;
  MAX_INDIVIDUAL_VARIANCE: number;
  CODE_START_A: number;
  CODE_START_C: number;
  CODE_PATTERNS: Int32Array[];
  __cbFixed?: boolean;
}

interface UpcEanStatics {
  findGuardPattern: (row: BitRow, rowOffset: number, whiteFirst: boolean, pattern: Int32Array, counters: Int32Array) => Int32Array;
  MAX_AVG_VARIANCE: number;
  MAX_INDIVIDUAL_VARIANCE: number;
  __cbFixed?: boolean;
}

/** Shifts the counters two runs left, as Java's arraycopy does (in place). */
function shift(counters: Int32Array, counterPosition: number): void {
  counters.copyWithin(0, 2, 2 + counterPosition - 1);
  counters[counterPosition - 1] = 0;
  counters[counterPosition] = 0;
}

/**
 * The walk both searches make, as in the Java original: counts the runs of light and dark from
 * `from` (the first run light when `whiteFirst`) into `counters`; each time `runs` runs are
 * counted it asks `match(patternStart, end)` and, on a miss, slides on by two runs (with the
 * shift done right). Throws `NotFound` at the row's end.
 */
function findPattern(
  row: BitRow,
  from: number,
  whiteFirst: boolean,
  counters: Int32Array,
  runs: number,
  NotFound: new () => Error,
  match: (patternStart: number, end: number) => Int32Array | null,
): Int32Array {
  const width = row.getSize();
  let counterPosition = 0;
  let patternStart = from;
  let isWhite = whiteFirst;
  for (let x = from; x < width; x += 1) {
    if (row.get(x) !== isWhite) {
      counters[counterPosition] = (counters[counterPosition] ?? 0) + 1;
      continue;
    }
    if (counterPosition === runs - 1) {
      const found = match(patternStart, x);
      if (found) return found;
      patternStart += (counters[0] ?? 0) + (counters[1] ?? 0);
      shift(counters, counterPosition);
      counterPosition -= 1;
    } else {
      counterPosition += 1;
    }
    counters[counterPosition] = 1;
    isWhite = !isWhite;
  }
  throw new NotFound();
}

/** Applies the fixes once (idempotent). Returns whether the module had the expected shape. */
export function applyZxingFixes(zx: ZXingLike): boolean {
  const variance = zx.OneDReader.patternMatchVariance.bind(zx.OneDReader);
  const NotFound = zx.NotFoundException;

  const c128 = zx.Code128Reader as Code128Statics;
  // EAN13Reader → UPCEANReader → AbstractUPCEANReader, where the guard search lives.
  const upcEan = Object.getPrototypeOf(Object.getPrototypeOf(zx.EAN13Reader)) as UpcEanStatics;
  if (typeof c128.findStartPattern !== 'function' || typeof upcEan.findGuardPattern !== 'function') return false;

  if (!c128.__cbFixed) {
    c128.findStartPattern = (row) => {
      const counters = new Int32Array(6);
      return findPattern(row, row.getNextSet(0), false, counters, counters.length, NotFound, (patternStart, end) => {
        let bestVariance = c128.MAX_AVG_VARIANCE;
        let bestMatch = -1;
        for (let startCode = c128.CODE_START_A; startCode <= c128.CODE_START_C; startCode += 1) {
          const v = variance(counters, c128.CODE_PATTERNS[startCode] as Int32Array, c128.MAX_INDIVIDUAL_VARIANCE);
          if (v < bestVariance) {
            bestVariance = v;
            bestMatch = startCode;
          }
        }
        // Whitespace before the start pattern, at least half its width.
        if (bestMatch >= 0 && row.isRange(Math.max(0, patternStart - Math.floor((end - patternStart) / 2)), patternStart, false)) {
          return Int32Array.from([patternStart, end, bestMatch]);
        }
        return null;
      });
    };
    c128.__cbFixed = true;
  }

  if (!upcEan.__cbFixed) {
    upcEan.findGuardPattern = (row, rowOffset, whiteFirst, pattern, counters) => {
      const from = whiteFirst ? row.getNextUnset(rowOffset) : row.getNextSet(rowOffset);
      return findPattern(row, from, whiteFirst, counters, pattern.length, NotFound, (patternStart, end) =>
        variance(counters, pattern, upcEan.MAX_INDIVIDUAL_VARIANCE) < upcEan.MAX_AVG_VARIANCE ? Int32Array.from([patternStart, end]) : null,
      );
    };
    upcEan.__cbFixed = true;
  }
  return true;
}
