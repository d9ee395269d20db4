import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssessmentState, AssessmentSubmission } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { bandLabel } from './band-label.ts';

interface AssessmentResultProps {
  state: AssessmentState;
  latest: AssessmentSubmission;
  /** Just submitted: the heading takes focus, so the score is what is read next. */
  fresh: boolean;
}

/** The server's score and band of the latest submission. */
export function AssessmentResult({ state, latest, fresh }: AssessmentResultProps) {
  const { t, i18n } = useTranslation('assessment');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (fresh) heading.current?.focus();
  }, [fresh]);
  const { definition } = state;
  return (
    <section className="card bf-adl-result" aria-labelledby="bf-adl-result-heading">
      <h2 id="bf-adl-result-heading" ref={heading} tabIndex={-1}>
        {fresh ? t('result.headingNew') : t('result.headingLatest')}
      </h2>
      <dl className="bf-adl-result__facts">
        <div>
          <dt>{t('result.score')}</dt>
          <dd>
            <span className="bf-adl-result__score" data-testid="bf-adl-score">
              {latest.score}
            </span>{' '}
            {t('result.outOf', { max: definition.scoring.max })}
          </dd>
        </div>
        <div>
          <dt>{t('result.band')}</dt>
          <dd className="bf-adl-result__band" data-testid="bf-adl-band">
            {bandLabel(definition, latest.band, i18n.language)}
          </dd>
        </div>
      </dl>
      <p className="bf-adl-result__date">
        {t('result.submittedOn', {
          date: formatDate(new Date(latest.submitted_at), i18n.language, { dateStyle: 'long' }),
        })}
      </p>
    </section>
  );
}
