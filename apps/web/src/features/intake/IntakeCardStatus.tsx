import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { useIntakeStatus } from './use-intake-status.ts';

/** The welcome card's status (GET /patient/intake/): sections done of six, or when it was submitted. */
export default function IntakeCardStatus() {
  const { t, i18n } = useTranslation('intake');
  const { data: status } = useIntakeStatus();
  if (!status) return <>{t('card.loading')}</>;
  const day = (iso: string) => formatDate(new Date(iso), i18n.language, { dateStyle: 'medium' });
  const { stage, reviewed_at: reviewedAt } = status.review;
  if (stage === 'changes_requested') return <>{t('card.changesRequested')}</>;
  if (stage === 'reviewed' && reviewedAt) return <>{t('card.reviewed', { date: day(reviewedAt) })}</>;
  if (status.submitted_at) return <>{t('card.submitted', { date: day(status.submitted_at) })}</>;
  const sections = Object.values(status.sections);
  const done = sections.filter((section) => section.complete).length;
  return <>{done === 0 ? t('card.notStarted') : t('card.progress', { done, total: sections.length })}</>;
}
