import { useEffect, useRef } from 'react';
import { WedgeBuffer, isEditableTarget, type WedgeOptions } from './wedge';

/**
 * Listens to the whole page for keyboard-wedge scans (no field needs the focus): `onCode` gets
 * each code; the Enter that ends it does nothing else (it does not press a focused button).
 * Typing into fields is left alone.
 */
export function useKeyboardWedge(onCode: (code: string) => void, opts: WedgeOptions & { readonly enabled?: boolean } = {}): void {
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  });
  const { enabled = true, maxGapMs, minLength, maxLength } = opts;
  const terminators = opts.terminators?.join('\u0000');
  useEffect(() => {
    if (!enabled) return undefined;
    const buffer = new WedgeBuffer({ maxGapMs, minLength, maxLength, terminators: terminators?.split('\u0000') });
    const onKey = (e: KeyboardEvent) => {
      const code = buffer.push({ key: e.key, time: e.timeStamp, editable: isEditableTarget(e.target), ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey });
      if (code === null) return;
      e.preventDefault();
      e.stopPropagation();
      handler.current(code);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled, maxGapMs, minLength, maxLength, terminators]);
}
