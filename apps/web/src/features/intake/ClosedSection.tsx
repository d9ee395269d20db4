import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ValueList } from '../../ui/intake-record/ValueList.tsx';
import { SECTION_TABLES } from '../../ui/intake-record/section-tables.ts';
import { InsuranceReview } from './review/InsuranceReview.tsx';
import { isResourceStep, type StepId } from './steps.ts';
import type { useIntake } from './use-intake-queries.ts';

interface ClosedSectionProps {
  id: Exclude<StepId, 'review'>;
  intake: ReturnType<typeof useIntake>;
  nextHref: string;
  /** Why it cannot be changed: handed in to the clinic, or a caregiver's grant lets them only see it. */
  reason?: 'withClinic' | 'seeOnly';
}

/**
 * A section that cannot be changed here: handed in and not reopened by the clinic (decision:
 * intake review), or open to a caregiver who may only see it (decision 0023). What was saved,
 * read-only, and why, instead of a form whose saves the server would refuse.
 */
export function ClosedSection({ id, intake, nextHref, reason = 'withClinic' }: ClosedSectionProps) {
  const { t } = useTranslation('intake');
  const words = reason === 'seeOnly' ? 'seeOnly' : 'closed';
  return (
    <div className="closed-section">
      <div className="intake-notice" role="note">
        <p className="intake-notice__title">{t(`${words}.title`)}</p>
        <p>{t(`${words}.body`)}</p>
      </div>
      {isResourceStep(id) ? (
        <ValueList table={SECTION_TABLES[id]} value={intake.resources[id]?.value} />
      ) : (
        <InsuranceReview
          coverages={intake.coverages ?? []}
          noInsurance={intake.status?.no_insurance ?? false}
        />
      )}
      <Link className="button button--secondary" to={nextHref}>
        {t('closed.next')}
      </Link>
    </div>
  );
}
