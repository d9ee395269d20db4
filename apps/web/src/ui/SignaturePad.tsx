import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './signature-pad.css';

interface SignaturePadProps {
  /** The drawing as base64 PNG after each stroke; null once cleared. */
  onChange(pngBase64: string | null): void;
  describedBy?: string;
}

const INK = '#1a2f6b';

/**
 * A canvas that takes strokes from a finger, a pen or a mouse through pointer events. Those
 * who cannot draw type their name instead where the form offers it (a document's signing panel).
 */
export function SignaturePad({ onChange, describedBy }: SignaturePadProps) {
  const { t } = useTranslation('common');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const hasInk = useRef(false);

  // Size the bitmap to the element at device resolution, so strokes stay sharp.
  useEffect(() => {
    const element = canvas.current!;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.floor(element.clientWidth * ratio);
    element.height = Math.floor(element.clientHeight * ratio);
    const context = element.getContext('2d')!;
    context.scale(ratio, ratio);
    context.lineWidth = 2.2;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const context = event.currentTarget.getContext('2d')!;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot, as a pen would.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d')!;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    hasInk.current = true;
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    hasInk.current = true;
    onChange(event.currentTarget.toDataURL('image/png').split(',')[1] ?? null);
  };

  const clear = () => {
    const element = canvas.current!;
    element.getContext('2d')!.clearRect(0, 0, element.width, element.height);
    hasInk.current = false;
    onChange(null);
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-label={t('signaturePad.label')}
        aria-describedby={describedBy}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <button type="button" className="button button--ghost" onClick={clear}>
        {t('signaturePad.clear')}
      </button>
    </div>
  );
}
