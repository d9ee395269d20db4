import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartCard } from '../clinic-api.ts';

// pdf.js loads only when a PDF card is opened.
const PdfViewer = lazy(() => import('../../../ui/PdfViewer.tsx'));

interface CardViewProps {
  patientId: string;
  /** The image's content hash; its type and size when known before it is opened. */
  card: { sha256: string; mime?: string; size?: number };
  side: 'front' | 'back';
  /** The coverage's insurance type, as read. */
  type: string;
  /** Told apart from another image of the same side, e.g. "before". */
  variant?: string;
}

/** A card image behind a button: fetched (and audited) only when someone asks to see it. */
export function CardView({ patientId, card, side, type, variant }: CardViewProps) {
  const { t } = useTranslation(['clinic', 'intake']);
  const [open, setOpen] = useState(false);
  const file = useChartCard(patientId, card.sha256, open);
  const alt = t('chart.card.alt', { side: t(`intake:cards.${side}`), type });
  const action = t(`chart.card.${open ? 'hide' : 'show'}.${side}`);
  return (
    <div className="chart-card">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {variant ? `${action} (${variant})` : action}
      </button>
      {card.mime === 'application/pdf' && card.size !== undefined && (
        <span className="field__hint">
          {' '}
          {t('chart.card.pdf', { size: Math.max(1, Math.round(card.size / 1024)) })}
        </span>
      )}
      {open && (
        <div className="chart-card__view">
          {file.isPending && <p>{t('chart.card.loading')}</p>}
          {file.isError && <p role="alert">{t('chart.card.failed')}</p>}
          {file.data &&
            (file.data.mime === 'application/pdf' ? (
              <Suspense fallback={<p>{t('chart.card.loading')}</p>}>
                <PdfViewer title={alt} pdfBase64={file.data.content_base64} />
              </Suspense>
            ) : (
              <img
                className="chart-card__image"
                src={`data:${file.data.mime};base64,${file.data.content_base64}`}
                alt={alt}
              />
            ))}
        </div>
      )}
    </div>
  );
}
