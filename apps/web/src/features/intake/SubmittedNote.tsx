import { useTranslation } from 'react-i18next';
import type { IntakeStatus } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';

/** What the hand-in means now: waiting for the clinic, changes asked for, or reviewed. */
export function SubmittedNote({
  submittedAt,
  review,
}: {
  submittedAt: string;
  review: IntakeStatus['review'];
}) {
  const { t, i18n } = useTranslation('intake');
  const when = (iso: string) =>
    formatDate(new Date(iso), i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const sections = review.open_sections.map((s) => t(`steps.${s}`)).join(t('review.listSeparator'));
  return (
    <div className="intake-submitted">
      <p className="intake-submitted__title">{t('submitted.on', { date: when(submittedAt) })}</p>
      <p>
        {review.stage === 'changes_requested'
          ? t('submitted.changesRequested', { sections })
          : review.stage === 'reviewed' && review.reviewed_at
            ? t('submitted.reviewed', { date: when(review.reviewed_at) })
            : t('submitted.later')}
      </p>
    </div>
  );
}
