import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { bandLabel } from './band-label.ts';
import { dueMessage } from './due-text.ts';
import { useBfAdlAssessment } from './use-assessment.ts';
import './bf-adl-card.css';

/** The welcome card's status: the latest score and band, and whether a new assessment is due. */
export default function BfAdlCardStatus() {
  const { t, i18n } = useTranslation('assessment');
  const { data: state } = useBfAdlAssessment();
  if (!state?.latest) return <>{t('card.notStarted')}</>;
  const { definition, latest } = state;
  const due = dueMessage(state);
  return (
    <>
      <span className="bf-adl-card__score">
        {t('card.latest', {
          score: latest.score,
          max: definition.scoring.max,
          band: bandLabel(definition, latest.band, i18n.language),
        })}
      </span>
      <span className="bf-adl-card__due">
        {due.key === 'due.next'
          ? t('card.nextDue', { date: formatDate(due.date, i18n.language, { dateStyle: 'medium' }) })
          : t('card.dueNow')}
      </span>
    </>
  );
}
