/**
 * Keyboard-wedge scanners (USB or Bluetooth) type the code as key presses, much faster than a
 * person, and end with Enter. This buffer tells them apart from typing: printable keys that
 * follow each other within `maxGapMs`, at least `minLength` of them, then a terminator. Keys
 * typed into a field (input, textarea, select, contenteditable) are never taken: they belong to
 * that field. Pure: the hook in ./useKeyboardWedge.ts feeds it the page's key presses.
 */
export interface WedgeOptions {
  /** Longest pause between two keys of one scan (default 60 ms; people type ≥ 100 ms apart). */
  readonly maxGapMs?: number;
  /** Shortest code taken (default 4). */
  readonly minLength?: number;
  /** Longest code kept (default 128); longer bursts are not codes. */
  readonly maxLength?: number;
  /** Keys that end a scan (default Enter). */
  readonly terminators?: readonly string[];
}

export interface WedgeKey {
  /** `KeyboardEvent.key`. */
  readonly key: string;
  /** `KeyboardEvent.timeStamp` (ms). */
  readonly time: number;
  /** The key went to an editable element. */
  readonly editable: boolean;
  readonly ctrl?: boolean;
  readonly alt?: boolean;
  readonly meta?: boolean;
}

/** Keys that may come in the middle of a scan without ending it. */
const NEUTRAL = new Set(['Shift', 'CapsLock', 'NumLock', 'Unidentified', 'Dead']);

export class WedgeBuffer {
  private chars: string[] = [];
  private last = Number.NEGATIVE_INFINITY;
  /** A key that is not part of a scan came in this burst: ignore the rest of the burst. */
  private spoilt = false;
  private readonly maxGapMs: number;
  private readonly minLength: number;
  private readonly maxLength: number;
  private readonly terminators: readonly string[];

  constructor(opts: WedgeOptions = {}) {
    this.maxGapMs = opts.maxGapMs ?? 60;
    this.minLength = opts.minLength ?? 4;
    this.maxLength = opts.maxLength ?? 128;
    this.terminators = opts.terminators ?? ['Enter'];
  }

  /** Drops what was buffered; with `spoil`, the keys that follow without a pause are not a scan. */
  private reset(time: number, spoil: boolean): void {
    this.chars = [];
    this.last = spoil ? time : Number.NEGATIVE_INFINITY;
    this.spoilt = spoil;
  }

  /** Feeds one key press; returns the scanned code when this key ends a scan, else null. */
  push(k: WedgeKey): string | null {
    const gap = k.time - this.last;
    if (this.spoilt && gap >= 0 && gap <= this.maxGapMs) {
      this.last = k.time;
      return null;
    }
    this.spoilt = false;
    if (k.editable || k.ctrl || k.meta || k.alt) {
      this.reset(k.time, true);
      return null;
    }
    if (this.terminators.includes(k.key)) {
      const code = this.chars.join('');
      const ok = this.chars.length >= this.minLength && gap >= 0 && gap <= this.maxGapMs;
      this.reset(k.time, false);
      return ok ? code : null;
    }
    if (NEUTRAL.has(k.key)) return null;
    if (k.key.length !== 1) {
      this.reset(k.time, true);
      return null;
    }
    if (this.chars.length > 0 && (gap > this.maxGapMs || gap < 0)) this.chars = [];
    this.chars.push(k.key);
    if (this.chars.length > this.maxLength) this.chars = this.chars.slice(-this.maxLength);
    this.last = k.time;
    return null;
  }
}

/** Whether a key event's target takes typing itself (then the page-level listener keeps out). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if ((target as HTMLElement).isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'reset', 'submit'].includes(type);
}
