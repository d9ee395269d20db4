import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';

/** After submission the intake stays editable: each section saved from now on updates the record. */
export function SubmittedNote({ submittedAt }: { submittedAt: string }) {
  const { t, i18n } = useTranslation('intake');
  const date = formatDate(new Date(submittedAt), i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className="intake-submitted">
      <p className="intake-submitted__title">{t('submitted.on', { date })}</p>
      <p>{t('submitted.later')}</p>
    </div>
  );
}
