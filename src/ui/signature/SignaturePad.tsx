/**
 * The recipient's signature: strokes drawn with perfect-freehand on a canvas (finger, stylus or
 * mouse), with undo and clear. The vector strokes ([x, y, pressure] in a 0–1000 box) are what is
 * stored; `signatureToPng` renders them as an image for the upload queue.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { getStroke } from 'perfect-freehand';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { t } from '../../i18n';

export type Stroke = [number, number, number][];

const BOX = 1000;
const HEIGHT_RATIO = 0.4;
const OPTIONS = { size: 16, thinning: 0.6, smoothing: 0.5, streamline: 0.5 };

function outline(stroke: Stroke, scale: number): [number, number][] {
  return getStroke(
    stroke.map(([x, y, p]) => [x * scale, y * scale, p]),
    { ...OPTIONS, size: OPTIONS.size * scale, simulatePressure: stroke.every(([, , p]) => p === 0.5) },
  ) as [number, number][];
}

function draw(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], width: number): void {
  const scale = width / BOX;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.fillStyle = '#1a1b1e';
  for (const s of strokes) {
    const pts = outline(s, scale);
    if (pts.length === 0) continue;
    ctx.beginPath();
    ctx.moveTo(pts[0]?.[0] ?? 0, pts[0]?.[1] ?? 0);
    for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
  }
}

/** The strokes as a PNG image (white background), for the file store. */
export async function signatureToPng(strokes: readonly Stroke[], width = 600): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.round(width * HEIGHT_RATIO);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No se puede dibujar la firma en este navegador');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const layer = document.createElement('canvas');
  layer.width = canvas.width;
  layer.height = canvas.height;
  const lctx = layer.getContext('2d');
  if (lctx) {
    draw(lctx, strokes, width);
    ctx.drawImage(layer, 0, 0);
  }
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('No se pudo crear la imagen de la firma'))), 'image/png'));
}

/** An SVG path of the strokes (record screens show the signature without fetching the image). */
export function signatureSvgPaths(strokes: readonly Stroke[]): string[] {
  return strokes.map((s) => {
    const pts = outline(s, 1);
    if (pts.length === 0) return '';
    return `M ${pts.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' L ')} Z`;
  });
}

export function SignatureView({ strokes, label }: { strokes: readonly Stroke[]; label: string }) {
  return (
    <svg viewBox={`0 0 ${BOX} ${BOX * HEIGHT_RATIO}`} role="img" aria-label={label} style={{ width: '100%', maxWidth: 480, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}>
      {signatureSvgPaths(strokes).map((d, i) => (
        <path key={i} d={d} fill="#1a1b1e" />
      ))}
    </svg>
  );
}

export function SignaturePad({ strokes, onChange, label }: { strokes: Stroke[]; onChange: (s: Stroke[]) => void; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);
  const strokesRef = useRef(strokes);
  strokesRef.current = strokes;

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const all = current.current ? [...strokesRef.current, current.current] : strokesRef.current;
    draw(ctx, all, canvas.width);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const resize = () => {
      const width = canvas.clientWidth;
      canvas.width = width;
      canvas.height = Math.round(width * HEIGHT_RATIO);
      redraw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  useEffect(redraw, [strokes, redraw]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>): [number, number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    const scale = BOX / rect.width;
    return [Math.round((e.clientX - rect.left) * scale), Math.round((e.clientY - rect.top) * scale), e.pressure > 0 && e.pointerType === 'pen' ? e.pressure : 0.5];
  };

  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="signature-label">
        {label}
      </Text>
      <canvas
        ref={canvasRef}
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        style={{ width: '100%', touchAction: 'none', border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: '#fff', display: 'block' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          current.current = [point(e)];
          redraw();
        }}
        onPointerMove={(e) => {
          if (!current.current) return;
          current.current.push(point(e));
          redraw();
        }}
        onPointerUp={() => {
          if (current.current && current.current.length > 0) onChange([...strokesRef.current, current.current]);
          current.current = null;
        }}
        onPointerCancel={() => {
          current.current = null;
          redraw();
        }}
      />
      <Group mt="xs" gap="xs">
        <Button variant="default" size="md" leftSection={<IconArrowBackUp size={18} aria-hidden />} onClick={() => onChange(strokes.slice(0, -1))} disabled={strokes.length === 0}>
          {t('signature.undo')}
        </Button>
        <Button variant="default" size="md" leftSection={<IconEraser size={18} aria-hidden />} onClick={() => onChange([])} disabled={strokes.length === 0}>
          {t('signature.clear')}
        </Button>
      </Group>
    </div>
  );
}
