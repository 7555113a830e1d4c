/**
 * THE scanner (issue 12): one component wherever a code is expected. It takes codes from
 * - the camera (./camera.ts: html5-qrcode's decoder, native BarcodeDetector when the browser
 *   has one), loaded only when the camera starts;
 * - keyboard-wedge scanners (USB or Bluetooth) anywhere on the page, with no field focused;
 * - a labelled field where the code can always be typed by hand.
 * Each code read by the camera or a wedge scanner beeps and vibrates. Every read a wedge scanner
 * ends with Enter counts, the same code again included (issue 28: three items scanned 0.6 s apart
 * counted as one); only the camera's repeated frames of one code within a second are merged.
 * Wedge reads that come while the screen is busy (saving the previous one) wait their turn, and
 * reads made while the screen was still opening come first (./wedgeHub.ts). If the camera is
 * refused or absent, a Spanish message says so and the typed field stays. Texts: src/i18n/es/scanner.ts (`scanner.*`), imported here.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { t } from '../../i18n';
import type { CameraFailure } from './cameraErrors';
import { ScanDedupe } from './dedupe';
import { primeAudio, readFeedback } from './feedback';
import { SCAN_FORMATS, type ScanFormat, type ScanSource } from './formats';
import { useKeyboardWedge } from './useKeyboardWedge';
import type * as CameraModule from './camera';
import '../../i18n/es/scanner';

export interface ScannerProps {
  /** Called once per code read: by the camera, a keyboard-wedge scanner or typed by hand. */
  readonly onScan: (code: string, source: ScanSource, format: ScanFormat | null) => void;
  /** Label of the field where a code is typed (default «Código»). */
  readonly label?: string;
  /** Start the camera when the component appears (default false: a button starts it). */
  readonly autoStartCamera?: boolean;
  /** Offer the camera at all (default true). */
  readonly camera?: boolean;
  /** Take codes from keyboard-wedge scanners anywhere on the page (default true). */
  readonly wedge?: boolean;
  /** Symbologies the camera reads (default EAN-13, EAN-8, UPC-A, Code 128 and QR). */
  readonly formats?: readonly ScanFormat[];
  /** Not now (the screen saves the previous read): camera frames are dropped, wedge reads wait. */
  readonly disabled?: boolean;
  /** Window in which the camera's frames of one code count once (default 1000 ms). */
  readonly dedupeMs?: number;
  /** Beep and vibrate on each read (default true). */
  readonly feedback?: boolean;
}

type CameraState = { readonly kind: 'off' } | { readonly kind: 'starting' } | { readonly kind: 'on'; readonly torch: boolean; readonly torchOn: boolean } | { readonly kind: 'failed'; readonly failure: CameraFailure | 'load'; readonly detail: string };

const CAMERA_MESSAGE: Record<CameraFailure | 'load', (detail: string) => string> = {
  denied: () => t('scanner.errors.denied'),
  absent: () => t('scanner.errors.absent'),
  busy: () => t('scanner.errors.busy'),
  insecure: () => t('scanner.errors.insecure'),
  unavailable: (detail) => t('scanner.errors.unavailable', { detail }),
  load: () => t('scanner.errors.load'),
};

export function Scanner(props: ScannerProps) {
  const { onScan, disabled = false, dedupeMs = 1000, feedback = true, camera = true, autoStartCamera = false } = props;
  const formats = props.formats ?? SCAN_FORMATS;
  const region = useRef<HTMLDivElement | null>(null);
  const [manual, setManual] = useState('');
  const [last, setLast] = useState<string | null>(null);
  const [cameraState, setCameraState] = useState<CameraState>({ kind: 'off' });
  const controller = useRef<CameraModule.CameraController | null>(null);
  const mounted = useRef(true);
  const dedupe = useRef(new ScanDedupe(dedupeMs));
  const live = useRef({ onScan, disabled, feedback });
  useEffect(() => {
    live.current = { onScan, disabled, feedback };
  });
  /** Wedge reads that came while the screen was busy, in order. */
  const waiting = useRef<string[]>([]);
  const [waitingCount, setWaitingCount] = useState(0);

  /** Beep, vibrate and hand a read over. */
  const deliver = useCallback((text: string, source: ScanSource, format: ScanFormat | null) => {
    const { onScan: handler, feedback: fb } = live.current;
    if (fb) readFeedback();
    setLast(text);
    handler(text, source, format);
  }, []);

  /** A code from the camera (its frames of one code merged) or a wedge scanner (every read). */
  const take = useCallback(
    (code: string, source: ScanSource, format: ScanFormat | null) => {
      const text = code.trim();
      if (text === '') return;
      const off = live.current.disabled;
      if (source === 'camera') {
        // A frame while disabled (the screen still saving the previous read) still slides the
        // code's window: a camera that keeps seeing the code through a slow save counts it once.
        const fresh = dedupe.current.accept(text, performance.now());
        if (off || !fresh) return;
      } else if (off) {
        waiting.current.push(text);
        setWaitingCount(waiting.current.length);
        return;
      }
      deliver(text, source, format);
    },
    [deliver],
  );

  // A waiting wedge read goes as soon as the screen is free again, one at a time.
  useEffect(() => {
    if (disabled || waitingCount === 0) return;
    const next = waiting.current.shift();
    setWaitingCount(waiting.current.length);
    if (next !== undefined) deliver(next, 'wedge', null);
  }, [disabled, waitingCount, deliver]);

  useKeyboardWedge((code) => take(code, 'wedge', null), { enabled: props.wedge !== false });

  const stopCamera = useCallback(() => {
    controller.current?.stop();
    controller.current = null;
    setCameraState({ kind: 'off' });
  }, []);

  const formatsKey = formats.join(',');
  const startCamera = useCallback(async () => {
    primeAudio();
    setCameraState({ kind: 'starting' });
    let mod: typeof CameraModule;
    try {
      mod = await import('./camera');
    } catch (err) {
      setCameraState({ kind: 'failed', failure: 'load', detail: String(err) });
      return;
    }
    const container = region.current;
    if (!container) return;
    try {
      const c = await mod.startCamera(container, { formats: formatsKey.split(',') as ScanFormat[], onDecode: (d) => take(d.text, 'camera', d.format) });
      if (!mounted.current) {
        c.stop();
        return;
      }
      controller.current = c;
      setCameraState({ kind: 'on', torch: c.torchSupported, torchOn: false });
    } catch (err) {
      const e = err as { kind?: CameraFailure; detail?: string };
      setCameraState({ kind: 'failed', failure: e.kind ?? 'unavailable', detail: e.detail ?? String(err) });
    }
  }, [formatsKey, take]);

  useEffect(() => {
    mounted.current = true;
    if (camera && autoStartCamera) void startCamera();
    return () => {
      mounted.current = false;
      controller.current?.stop();
      controller.current = null;
    };
  }, [camera, autoStartCamera, startCamera]);

  const toggleTorch = async () => {
    if (cameraState.kind !== 'on' || !controller.current) return;
    const next = !cameraState.torchOn;
    await controller.current.setTorch(next);
    setCameraState({ ...cameraState, torchOn: next });
  };

  const submitManual = (e: FormEvent) => {
    e.preventDefault();
    const text = manual.trim();
    if (text === '' || disabled) return;
    setManual('');
    setLast(text);
    onScan(text, 'manual', null);
  };

  const running = cameraState.kind === 'on' || cameraState.kind === 'starting';
  return (
    <Stack gap="sm" data-testid="scanner">
      {camera && (
        <>
          <Box
            ref={region}
            role="region"
            aria-label={t('scanner.regionLabel')}
            data-testid="scanner-camera"
            style={{ display: running ? 'block' : 'none', width: '100%', maxWidth: 640, minHeight: running ? 200 : 0, background: '#000', borderRadius: 8, overflow: 'hidden' }}
          />
          <Group gap="sm">
            {running ? (
              <Button size="lg" variant="light" onClick={stopCamera}>
                {t('scanner.stopCamera')}
              </Button>
            ) : (
              <Button size="lg" onClick={() => void startCamera()}>
                {t('scanner.startCamera')}
              </Button>
            )}
            {cameraState.kind === 'on' && cameraState.torch && (
              <Button size="lg" variant="default" aria-pressed={cameraState.torchOn} onClick={() => void toggleTorch()}>
                {cameraState.torchOn ? t('scanner.torchOff') : t('scanner.torchOn')}
              </Button>
            )}
          </Group>
          {cameraState.kind === 'starting' && <Text size="sm">{t('scanner.starting')}</Text>}
          {cameraState.kind === 'on' && <Text size="sm">{t('scanner.scanning')}</Text>}
          {cameraState.kind === 'failed' && (
            <Alert color="orange" role="alert" data-testid="scanner-camera-error">
              {CAMERA_MESSAGE[cameraState.failure](cameraState.detail)}
            </Alert>
          )}
        </>
      )}
      <form onSubmit={submitManual}>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            size="lg"
            style={{ flex: 1 }}
            label={props.label ?? t('scanner.manualLabel')}
            description={props.wedge === false ? undefined : t('scanner.manualHelp')}
            placeholder={t('scanner.manualPlaceholder')}
            value={manual}
            onChange={(e) => setManual(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            disabled={disabled}
          />
          <Button size="lg" type="submit" disabled={disabled || manual.trim() === ''}>
            {t('scanner.manualSubmit')}
          </Button>
        </Group>
      </form>
      <Text size="sm" aria-live="polite" data-testid="scanner-last">
        {last === null ? '' : t('scanner.read', { code: last })}
      </Text>
    </Stack>
  );
}
