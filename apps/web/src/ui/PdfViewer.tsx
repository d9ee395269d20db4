import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { base64ToBytes } from '@portal/protocol';
import { loadPdfjs } from './load-pdfjs.ts';
import './pdf-viewer.css';

interface PdfViewerProps {
  title: string;
  pdfBase64: string;
}

interface RenderedPage {
  number: number;
  text: string;
}

/** Wider pages are scaled down to the column; the canvas is drawn at device resolution. */
const MAX_CSS_WIDTH = 820;

/**
 * Every page drawn to a canvas, each with its text beside it for screen readers (the canvas
 * itself is an image with a page label), so the document is readable without sight.
 */
export default function PdfViewer({ title, pdfBase64 }: PdfViewerProps) {
  const { t } = useTranslation('documents');
  const container = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<RenderedPage[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    if (!host) return;
    const destroy: Array<() => void> = [];
    (async () => {
      const pdfjs = await loadPdfjs();
      const task = pdfjs.getDocument({ data: base64ToBytes(pdfBase64), isEvalSupported: false });
      destroy.push(() => void task.destroy());
      const doc = await task.promise;
      const rendered: RenderedPage[] = [];
      host.replaceChildren();
      for (let number = 1; number <= doc.numPages && !cancelled; number++) {
        const page = await doc.getPage(number);
        const base = page.getViewport({ scale: 1 });
        const cssScale = Math.min(
          1.5,
          Math.max(host.clientWidth, 280) / base.width,
          MAX_CSS_WIDTH / base.width,
        );
        const viewport = page.getViewport({ scale: cssScale * window.devicePixelRatio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / window.devicePixelRatio)}px`;
        canvas.className = 'pdf-viewer__page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('viewer.page', { page: number, pages: doc.numPages }));
        host.append(canvas);
        await page.render({ canvas, viewport }).promise;
        const content = await page.getTextContent();
        const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        rendered.push({ number, text: text.replace(/\s+/g, ' ').trim() });
      }
      if (!cancelled) setPages(rendered);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      destroy.forEach((run) => run());
    };
  }, [pdfBase64, t]);

  return (
    <section className="pdf-viewer" aria-label={t('viewer.label', { title })}>
      {failed && <p className="form-alert form-alert--error">{t('viewer.failed')}</p>}
      {!pages && !failed && <p className="pdf-viewer__loading">{t('viewer.loading')}</p>}
      <div ref={container} className="pdf-viewer__pages" />
      {pages && (
        <div className="visually-hidden">
          {pages.map((page) => (
            <section key={page.number} aria-label={t('viewer.text', { page: page.number })}>
              <p>{page.text}</p>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
