import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import type { CardSideName, CoverageState } from '../intake-api.ts';
import { shouldExplain } from '../steps/should-explain.ts';
import { useUploadCard } from '../use-intake-queries.ts';
import { CARD_TYPES, cardFileProblem, fileToBase64 } from './card-file.ts';
import { CardThumbnail } from './CardThumbnail.tsx';

/** The server's refusals (protocol.md §6) as the messages the client's own checks use. */
function uploadProblem(error: unknown): string | null {
  if (error instanceof ApiError && error.code === Codes.fileType) return 'cards.wrongType';
  if (error instanceof ApiError && error.code === Codes.tooLarge) return 'cards.tooLarge';
  return shouldExplain(error) ? 'cards.uploadFailed' : null;
}

/** One side of an insurance card: its thumbnail and a button to upload or replace it. */
export function CardSlot({ coverage, side }: { coverage: CoverageState; side: CardSideName }) {
  const { t } = useTranslation('intake');
  const upload = useUploadCard();
  const [problem, setProblem] = useState<string | null>(null);
  const type = coverage.value.insurance_type;
  const card = coverage.cards[side];
  const id = `card-${type}-${side}`;
  const typeLabel = t(`options.insuranceType.${type}`);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const early = cardFileProblem(file);
    setProblem(early ? `cards.${early}` : null);
    if (early) return;
    try {
      await upload.mutateAsync({ insurance_type: type, side, content_base64: await fileToBase64(file) });
    } catch (error) {
      setProblem(uploadProblem(error));
    }
  };

  return (
    <div className="card-slot">
      <p className="card-slot__title">{t(`cards.${side}`)}</p>
      {card ? (
        <CardThumbnail
          type={type}
          side={side}
          card={card}
          alt={t(`cards.alt.${side}`, { type: typeLabel })}
        />
      ) : (
        <p className="card-thumb card-thumb--empty">{t('cards.none')}</p>
      )}
      <input
        id={id}
        className="card-slot__input visually-hidden"
        type="file"
        accept={CARD_TYPES.join(',')}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={upload.isPending}
        onChange={(event) => void choose(event)}
      />
      <label htmlFor={id} className="button button--secondary card-slot__button">
        {upload.isPending ? t('cards.uploading') : t(card ? `cards.replace.${side}` : `cards.upload.${side}`)}
        <span className="visually-hidden"> {t('cards.whichCard', { type: typeLabel })}</span>
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {t('cards.hint')}
      </p>
      {problem && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
