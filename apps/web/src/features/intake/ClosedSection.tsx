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
}

/**
 * A handed-in section the clinic has not reopened (decision: intake review): what was handed in,
 * read-only, and why, instead of a form whose saves the server would refuse.
 */
export function ClosedSection({ id, intake, nextHref }: ClosedSectionProps) {
  const { t } = useTranslation('intake');
  return (
    <div className="closed-section">
      <div className="intake-notice" role="note">
        <p className="intake-notice__title">{t('closed.title')}</p>
        <p>{t('closed.body')}</p>
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
