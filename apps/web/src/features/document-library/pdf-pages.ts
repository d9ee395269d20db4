import { useEffect, useState } from 'react';
import { base64ToBytes } from '@portal/protocol';
import { loadPdfjs } from '../../ui/load-pdfjs.ts';
import type { PageSize } from './field-geometry.ts';

/** One page of a template: its size in points, and a way to draw it onto a canvas. */
export interface EditorPage {
  number: number;
  size: PageSize;
  draw?: (canvas: HTMLCanvasElement, cssScale: number) => Promise<void>;
}

/** The pages of a PDF through pdf.js (loaded on first use), or `failed` when it cannot be read. */
export function usePdfPages(pdfBase64: string | undefined): { pages: EditorPage[] | null; failed: boolean } {
  const [state, setState] = useState<{ pages: EditorPage[] | null; failed: boolean }>({
    pages: null,
    failed: false,
  });
  useEffect(() => {
    if (!pdfBase64) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const pdfjs = await loadPdfjs();
      const task = pdfjs.getDocument({ data: base64ToBytes(pdfBase64), isEvalSupported: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      const pages: EditorPage[] = [];
      for (let number = 1; number <= doc.numPages; number++) {
        const page = await doc.getPage(number);
        const base = page.getViewport({ scale: 1 });
        pages.push({
          number,
          size: { width: base.width, height: base.height },
          draw: async (canvas, cssScale) => {
            const viewport = page.getViewport({ scale: cssScale * window.devicePixelRatio });
            canvas.width = Math.floor(viewport.width);
            canvas.height = Math.floor(viewport.height);
            await page.render({ canvas, viewport }).promise;
          },
        });
      }
      if (!cancelled) setState({ pages, failed: false });
    })().catch(() => {
      if (!cancelled) setState({ pages: null, failed: true });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [pdfBase64]);
  return state;
}
