import { WedgeBuffer, isEditableTarget, type WedgeKey } from './wedge';

/** How long a scan read while no screen listens waits for one (a product page still opening). */
export const HOLD_MS = 3000;

export interface WedgeHubKey extends WedgeKey {
  /** The page's clock (ms, `performance.now()`), for holding codes. */
  readonly now: number;
}

type Listener = (code: string) => void;

/**
 * One listener of keyboard-wedge scans for the whole page (issue 28: «the first scan right after
 * a product page opens is not lost»). A screen's scanner subscribes while it is shown; a scan
 * completed while none is (the next product page still loading its data, the scanner between
 * two pages) is held for `HOLD_MS` and handed to the next scanner that subscribes, in order.
 * The Enter that ends a scan is swallowed while a scanner listens or has just stopped listening
 * (`HOLD_MS`), so it does not press the link that opened the next product.
 * Every scan counts: the same code scanned twice is two reads (a keyboard scanner sends each
 * read once; only a camera's repeated frames are merged, in ./dedupe.ts).
 */
export class WedgeHub {
  private readonly buffer = new WedgeBuffer();
  private readonly listeners: Listener[] = [];
  private held: { code: string; at: number }[] = [];
  private leftAt = Number.NEGATIVE_INFINITY;

  /** Feeds one key press; returns whether the page must not see it (it ended a scan being taken). */
  key(k: WedgeHubKey): boolean {
    const code = this.buffer.push(k);
    if (code === null) return false;
    const listener = this.listeners[this.listeners.length - 1];
    if (listener) {
      listener(code);
      return true;
    }
    this.held = [...this.held.filter((h) => k.now - h.at <= HOLD_MS), { code, at: k.now }];
    return k.now - this.leftAt <= HOLD_MS;
  }

  /** Listens to scans from now on (the latest subscriber gets them); first the fresh held ones. */
  subscribe(listener: Listener, now: number): () => void {
    this.listeners.push(listener);
    const fresh = this.held.filter((h) => now - h.at <= HOLD_MS);
    this.held = [];
    for (const h of fresh) listener(h.code);
    return () => {
      const i = this.listeners.lastIndexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
      this.leftAt = this.clock();
    };
  }

  /** The clock of unsubscribing (the page's, replaced in tests). */
  clock: () => number = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
}

let hub: WedgeHub | null = null;

/** The page's hub, listening to the document's key presses from its first use. */
export function wedgeHub(): WedgeHub {
  if (hub) return hub;
  const created = new WedgeHub();
  hub = created;
  if (typeof document !== 'undefined') {
    document.addEventListener(
      'keydown',
      (e) => {
        const taken = created.key({ key: e.key, time: e.timeStamp, now: performance.now(), editable: isEditableTarget(e.target), ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey });
        if (!taken) return;
        e.preventDefault();
        e.stopPropagation();
      },
      true,
    );
  }
  return created;
}
