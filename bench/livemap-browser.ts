/**
 * The page's side of bench/livemap (issue 33), bundled by the bench into an IIFE and added to the
 * office's page before any of its scripts run (`addInitScript`). It records, from `reset()` on:
 * - every long task (PerformanceObserver 'longtask': tasks over 50 ms), start and duration;
 * - the gap between consecutive animation frames (rAF): a smooth page draws one every ~16.7 ms;
 * - for each route position heard on the change stream (`positions` events: the bench reads a
 *   copy of the stream's bytes, the app reads the same bytes as always), the time from its
 *   `at` (the bench sets it to the moment the rider's POST left, same machine clock) to two
 *   animation frames after the page received it, then the end of that frame's task: the frame
 *   in which the page's batched update applied it, and the next, in which the map and the list
 *   drew it. A busy main thread delays those frames, and the latency with them.
 * `read()` returns what was recorded (and `markers`, the map's own count of drawn markers).
 */

export interface LiveMapProbeReading {
  /** Long tasks: [start ms, duration ms] since the page's time origin. */
  readonly tasks: readonly (readonly [number, number])[];
  /** Gaps between consecutive animation frames, ms. */
  readonly gaps: readonly number[];
  /** Send → on screen, ms, one per position heard. */
  readonly latencies: readonly number[];
  /** Positions heard on the stream since reset. */
  readonly heard: number;
  /** Markers the map says it draws (its `data-markers`), or -1 before the map is there. */
  readonly markers: number;
  /** How long the reading covers, ms. */
  readonly spanMs: number;
}

export interface LiveMapProbe {
  reset(): void;
  read(): LiveMapProbeReading;
}

declare global {
  interface Window {
    cbLiveMapProbe?: LiveMapProbe;
  }
}

function install(): void {
  if (window.cbLiveMapProbe) return;
  let tasks: [number, number][] = [];
  let gaps: number[] = [];
  let latencies: number[] = [];
  let heard = 0;
  let since = performance.now();
  let lastFrame = 0;

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.startTime >= since) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the frame gaps still tell.
  }

  const frame = (t: number): void => {
    if (lastFrame > 0 && t >= since) gaps.push(t - lastFrame);
    lastFrame = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // After two frames and the end of the second frame's task: when the page has drawn it.
  const channel = new MessageChannel();
  const afterPaint: (() => void)[] = [];
  channel.port1.onmessage = () => afterPaint.shift()?.();
  const onScreen = (ats: readonly number[]): void => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        afterPaint.push(() => {
          const now = Date.now();
          for (const at of ats) latencies.push(now - at);
        });
        channel.port2.postMessage(0);
      }),
    );
  };

  const readStream = async (body: ReadableStream<Uint8Array>): Promise<void> => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      const ats: number[] = [];
      for (const block of blocks) {
        if (!block.startsWith('event: positions')) continue;
        const start = block.indexOf('data: ');
        if (start < 0) continue;
        try {
          const data = JSON.parse(block.slice(start + 6)) as { positions?: { at?: unknown }[] };
          for (const p of data.positions ?? []) if (typeof p.at === 'number') ats.push(p.at);
        } catch {
          // Not ours to judge: the app reports a bad message.
        }
      }
      if (ats.length > 0) {
        heard += ats.length;
        onScreen(ats);
      }
    }
  };

  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/sync/stream') || !res.body) return res;
    const [app, probe] = res.body.tee();
    void readStream(probe).catch(() => undefined);
    return new Response(app, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  window.cbLiveMapProbe = {
    reset() {
      since = performance.now();
      tasks = [];
      gaps = [];
      latencies = [];
      heard = 0;
    },
    read() {
      const map = document.querySelector<HTMLElement>('[data-testid="map"]');
      const markers = map?.dataset.markers === undefined ? -1 : Number(map.dataset.markers);
      return { tasks: [...tasks], gaps: [...gaps], latencies: [...latencies], heard, markers, spanMs: performance.now() - since };
    },
  };
}

install();
