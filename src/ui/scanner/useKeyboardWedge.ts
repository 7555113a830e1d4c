import { useEffect, useRef } from 'react';
import { wedgeHub } from './wedgeHub';

/**
 * Listens to the whole page for keyboard-wedge scans (no field needs the focus): `onCode` gets
 * each code, every read (./wedgeHub.ts: codes scanned while the screen was still opening come
 * first); the Enter that ends it does nothing else (it does not press a focused button).
 * Typing into fields is left alone.
 */
export function useKeyboardWedge(onCode: (code: string) => void, opts: { readonly enabled?: boolean } = {}): void {
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  });
  const { enabled = true } = opts;
  useEffect(() => {
    if (!enabled) return undefined;
    const hub = wedgeHub();
    return hub.subscribe((code) => handler.current(code), hub.clock());
  }, [enabled]);
}
