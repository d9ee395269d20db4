import { useTranslation } from 'react-i18next';
import { ValueList } from '../../../ui/intake-record/ValueList.tsx';
import { SECTIONS } from '../sections/sections.ts';
import { incompleteSteps, type IntakeData, type StepStatus } from '../step-status.ts';
import { isResourceStep, STEPS, type StepId } from '../steps.ts';
import { InsuranceReview } from './InsuranceReview.tsx';
import { ReviewSection } from './ReviewSection.tsx';
import { SubmitPanel } from './SubmitPanel.tsx';

interface ReviewStepProps {
  intake: IntakeData;
  statuses: Record<StepId, StepStatus>;
  noInsurance: boolean;
  onNoInsuranceChange: (noInsurance: boolean) => void;
  /** A caregiver who may only see the intake: no edit links and nothing to submit. */
  seeOnly?: boolean;
}

/** Every section as saved, with a link to edit it, then the submit action. */
export function ReviewStep({
  intake,
  statuses,
  noInsurance,
  onNoInsuranceChange,
  seeOnly = false,
}: ReviewStepProps) {
  const { t } = useTranslation('intake');
  const coverages = intake.coverages ?? [];
  return (
    <div className="review">
      {seeOnly ? (
        <div className="intake-notice" role="note">
          <p className="intake-notice__title">{t('seeOnly.title')}</p>
          <p>{t('seeOnly.body')}</p>
        </div>
      ) : (
        <p>{t('review.intro')}</p>
      )}
      {STEPS.filter((step) => step.id !== 'review').map(({ id }) => (
        <ReviewSection
          key={id}
          id={id}
          status={statuses[id]}
          editable={
            !seeOnly &&
            (intake.status ? intake.status.review.open_sections.some((open) => open === id) : true)
          }
        >
          {!isResourceStep(id) ? (
            <InsuranceReview coverages={coverages} noInsurance={noInsurance} />
          ) : (
            <>
              {intake.resources[id]?.draft ? <p className="intake-notice">{t('review.hasDraft')}</p> : null}
              {intake.resources[id]?.value ? (
                <ValueList table={SECTIONS[id].table} value={intake.resources[id]?.value} />
              ) : (
                <p className="review__empty">{t('review.nothingSaved')}</p>
              )}
            </>
          )}
        </ReviewSection>
      ))}
      {!seeOnly && (
        <SubmitPanel
          submittedAt={intake.status?.submitted_at ?? null}
          review={intake.status?.review ?? null}
          incomplete={incompleteSteps(statuses)}
          hasCoverage={coverages.length > 0}
          noInsurance={noInsurance}
          onNoInsuranceChange={onNoInsuranceChange}
        />
      )}
    </div>
  );
}
