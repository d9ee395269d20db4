import { useEffect, useRef } from 'react';
import type { EditorPage } from './pdf-pages.ts';

/** A page drawn by pdf.js at the size the editor shows it; an image to assistive technology. */
export function PageCanvas({ page, scale, label }: { page: EditorPage; scale: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current && page.draw) void page.draw(canvas.current, scale);
  }, [page, scale]);
  return (
    <canvas
      ref={canvas}
      className="field-editor__canvas"
      role="img"
      aria-label={label}
      style={{ width: page.size.width * scale, height: page.size.height * scale }}
    />
  );
}
