/**
 * What a file really is, whatever its name says: CSV text, an XLSX (a zip), or something the
 * import refuses with its reason (a PDF, an encrypted or old Excel workbook, other binaries).
 * And the text of a CSV: UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252 (what
 * Excel for Windows writes with «CSV (delimitado por comas)»).
 */
import type { IntakeIssueCode } from '../../domain/intake/issues';

export type FileKind = { readonly kind: 'csv' } | { readonly kind: 'xlsx' } | { readonly kind: 'refused'; readonly code: IntakeIssueCode };

const startsWith = (bytes: Uint8Array, sig: readonly number[]): boolean => sig.every((b, i) => bytes[i] === b);

/** UTF-16LE bytes of an ASCII text (names inside an OLE2 container are UTF-16). */
function utf16(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) out[i * 2] = text.charCodeAt(i);
  return out;
}

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  outer: for (let i = bytes.indexOf(first as number); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first as number, i + 1)) {
    for (let j = 1; j < needle.length; j += 1) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function sniff(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) return { kind: 'refused', code: 'file_empty' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return { kind: 'refused', code: 'file_pdf' }; // %PDF
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return { kind: 'xlsx' }; // PK
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // An OLE2 compound file: an encrypted OOXML workbook carries an «EncryptedPackage» stream; otherwise an old .xls.
    return { kind: 'refused', code: contains(bytes, utf16('EncryptedPackage')) ? 'file_encrypted' : 'file_old_excel' };
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return { kind: 'csv' }; // UTF-16 text
  // Other binaries: NUL bytes or many control characters in the first 4 KB.
  const head = bytes.subarray(0, 4096);
  let control = 0;
  for (const b of head) {
    if (b === 0) return { kind: 'refused', code: 'file_not_table' };
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control += 1;
  }
  if (control > head.length / 20) return { kind: 'refused', code: 'file_not_table' };
  return { kind: 'csv' };
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The text of a CSV file and the encoding it was read with (a BOM is removed). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: a Spanish Windows spreadsheet's CSV is Windows-1252 (ñ = 0xF1, € = 0x80).
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Windows-1252 characters of bytes 0x80–0x9F (the rest of the code page is Latin-1). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Windows-1252 by hand: some runtimes (Node without full ICU) decode the `windows-1252` label
 * as Latin-1, which turns € and the typographic quotes into control characters.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes = Array.from(bytes.subarray(i, i + CHUNK), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
