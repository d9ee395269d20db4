import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import type { CardImage, CardSideName, InsuranceTypeName } from '../intake-api.ts';
import { useCardImage } from '../use-intake-queries.ts';

interface CardThumbnailProps {
  type: InsuranceTypeName;
  side: CardSideName;
  card: { mime: string; size: number; updated_at: string };
  /** What the image shows, e.g. "Front of your Medicare card". */
  alt: string;
}

function PdfIcon() {
  return (
    <svg className="card-thumb__pdf" viewBox="0 0 48 60" aria-hidden="true">
      <path
        d="M4 2h28l12 12v44H4z"
        fill="#fff"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M32 2v12h12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="8" y="32" width="32" height="14" rx="2" fill="currentColor" />
      <text
        x="24"
        y="43"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        PDF
      </text>
    </svg>
  );
}

/**
 * The image through an object URL that lives exactly as long as the <img>: the picture never
 * sits in a data: URL in the DOM or in the browser's cache.
 */
function BlobImage({ image, alt }: { image: CardImage; alt: string }) {
  const attach = useCallback(
    (element: HTMLImageElement | null) => {
      if (!element) return;
      const url = URL.createObjectURL(image.blob);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [image],
  );
  return <img ref={attach} className="card-thumb" alt={alt} />;
}

function ImageThumbnail({ type, side, card, alt }: CardThumbnailProps) {
  const { t } = useTranslation('intake');
  const image = useCardImage(type, side, card.updated_at);
  if (image.isError) return <p className="card-thumb card-thumb--empty">{t('cards.loadFailed')}</p>;
  if (!image.data) return <p className="card-thumb card-thumb--empty">{t('loading')}</p>;
  return <BlobImage image={image.data} alt={alt} />;
}

/** An uploaded card side: the picture itself for an image, a PDF icon and its size for a PDF. */
export function CardThumbnail(props: CardThumbnailProps) {
  const { t, i18n } = useTranslation('intake');
  if (props.card.mime !== 'application/pdf') return <ImageThumbnail {...props} />;
  const kilobytes = formatNumber(Math.max(1, Math.round(props.card.size / 1024)), i18n.language);
  return (
    <div className="card-thumb card-thumb--pdf">
      <PdfIcon />
      <span>{t('cards.pdf', { size: kilobytes })}</span>
    </div>
  );
}
