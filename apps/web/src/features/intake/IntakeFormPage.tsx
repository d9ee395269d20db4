import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { ClosedSection } from './ClosedSection.tsx';
import { FhirDownload } from './FhirDownload.tsx';
import { InsuranceStep } from './insurance/InsuranceStep.tsx';
import { ReviewStep } from './review/ReviewStep.tsx';
import { SECTIONS } from './sections/sections.ts';
import { stepStatuses } from './step-status.ts';
import { Stepper } from './Stepper.tsx';
import { LoadProblem } from './steps/LoadProblem.tsx';
import { SectionStep } from './steps/SectionStep.tsx';
import { STEPS, stepHref, stepIndexOf } from './steps.ts';
import { SubmittedNote } from './SubmittedNote.tsx';
import { useIntake } from './use-intake-queries.ts';
import { useRenderedInSlices } from '../../ui/use-rendered-in-slices.ts';
import './intake.css';
import { formatPersonName } from '../../i18n/person-name.ts';

/** spec §2 /welcome/intake-form: the intake as a stepper over its sections, a review and a submit. */
export default function IntakeFormPage() {
  const { t, i18n } = useTranslation('intake');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const index = stepIndexOf(params.get('step'));
  const step = STEPS[index] ?? STEPS[0]!;
  const intake = useIntake();
  const session = useSession();
  // Decision 0023: a caregiver who may see but not fill in the intake reads it, with no form.
  const seeOnly = !useActingFor().may('fill_intake');
  // "I have no insurance" is only sent with the submission; until then it lives here.
  const [noInsuranceChoice, setNoInsurance] = useState<boolean | null>(null);
  const noInsurance = noInsuranceChoice ?? intake.status?.no_insurance ?? false;
  const statuses = intake.isPending ? null : stepStatuses(intake, noInsurance);
  // The review's first render is the page's longest: every section's answers, their dates and
  // phone numbers formatted, once the last answer has arrived.
  const reviewShown = useRenderedInSlices(statuses !== null);

  // A new step's heading takes focus (after PageHeading's own focus on navigation), so
  // keyboard and screen-reader users start at the step, not at the top of the page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(index);
  useEffect(() => {
    if (shownStep.current === index) return;
    shownStep.current = index;
    headingRef.current?.focus();
  }, [index]);

  const hrefAt = (i: number) => {
    const target = STEPS[i];
    return target ? stepHref(target.id) : null;
  };
  const next = () => navigate(hrefAt(index + 1) ?? stepHref('review'));
  const profile = intake.resources.profile?.value as
    { first_name?: string; last_name?: string } | null | undefined;
  const patientName = formatPersonName(profile ?? {}, i18n.language);
  const stepTitle = t(`steps.${step.id}`);

  // A handed-in section stays read-only until the clinic reopens it (decision: intake review).
  const openSections = intake.status?.review.open_sections;
  let content;
  if (step.id !== 'review' && seeOnly) {
    content = intake.isPending ? (
      <p className="page-loading">{t('loading')}</p>
    ) : (
      <ClosedSection
        id={step.id}
        intake={intake}
        nextHref={hrefAt(index + 1) ?? stepHref('review')}
        reason="seeOnly"
      />
    );
  } else if (step.id !== 'review' && openSections && !openSections.includes(step.id)) {
    content = (
      <ClosedSection id={step.id} intake={intake} nextHref={hrefAt(index + 1) ?? stepHref('review')} />
    );
  } else if (step.id === 'insurance') {
    content = (
      <InsuranceStep
        noInsurance={noInsurance}
        onNoInsuranceChange={setNoInsurance}
        patientName={patientName}
        backHref={hrefAt(index - 1) ?? stepHref('profile')}
        onContinue={next}
      />
    );
  } else if (step.id === 'review') {
    content = intake.isError ? (
      <LoadProblem onRetry={intake.retry} />
    ) : statuses && reviewShown ? (
      <ReviewStep
        intake={intake}
        statuses={statuses}
        noInsurance={noInsurance}
        onNoInsuranceChange={setNoInsurance}
        seeOnly={seeOnly}
      />
    ) : (
      <p className="page-loading">{t('loading')}</p>
    );
  } else {
    content = (
      <SectionStep
        definition={SECTIONS[step.id]}
        prefill={step.id === 'contact' ? { email: session?.user.username } : undefined}
        backHref={hrefAt(index - 1)}
        onSaved={next}
      />
    );
  }

  return (
    <div className="intake">
      <PageHeading title={`${stepTitle} · ${t('title')}`}>{t('title')}</PageHeading>
      <p className="intake__intro">{t('intro')}</p>
      {intake.status?.submitted_at && step.id !== 'review' && (
        <SubmittedNote submittedAt={intake.status.submitted_at} review={intake.status.review} />
      )}
      <Stepper current={index} statuses={statuses} />
      <section className="intake-step" aria-labelledby="intake-step-heading">
        <h2 id="intake-step-heading" className="intake-step__heading" ref={headingRef} tabIndex={-1}>
          <span className="intake-step__count">{t('stepOf', { n: index + 1, total: STEPS.length })}</span>{' '}
          <span>{stepTitle}</span>
        </h2>
        <div key={step.id}>{content}</div>
      </section>
      <FhirDownload />
    </div>
  );
}
