import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { useIntakeStatus } from './use-intake-status.ts';

/** The welcome card's status (GET /patient/intake/): sections done of six, or when it was submitted. */
export default function IntakeCardStatus() {
  const { t, i18n } = useTranslation('intake');
  const { data: status } = useIntakeStatus();
  if (!status) return <>{t('card.loading')}</>;
  if (status.submitted_at) {
    const date = formatDate(new Date(status.submitted_at), i18n.language, { dateStyle: 'medium' });
    return <>{t('card.submitted', { date })}</>;
  }
  const sections = Object.values(status.sections);
  const done = sections.filter((section) => section.complete).length;
  return <>{done === 0 ? t('card.notStarted') : t('card.progress', { done, total: sections.length })}</>;
}
