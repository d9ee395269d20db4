import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INTAKE_RESOURCE_NAMES, type IntakeStatus } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { shouldExplain } from '../steps/should-explain.ts';
import { SubmittedNote } from '../SubmittedNote.tsx';
import { stepHref, type StepId } from '../steps.ts';
import { useSubmitIntake } from '../use-intake-queries.ts';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

interface SubmitPanelProps {
  submittedAt: string | null;
  /** Where the last hand-in stands: only one that waits for review closes the panel. */
  review: IntakeStatus['review'] | null;
  /** Sections that are not complete yet, in step order. */
  incomplete: StepId[];
  hasCoverage: boolean;
  noInsurance: boolean;
  onNoInsuranceChange: (noInsurance: boolean) => void;
}

/** The sections a refused submission names (10400 paths are section names). */
function sectionsNamedBy(error: unknown): StepId[] {
  if (!(error instanceof ApiError)) return [];
  const named = new Set(error.body.errors?.map((e) => e.path));
  return [...INTAKE_RESOURCE_NAMES, 'insurance' as const].filter((id) => named.has(id));
}

/** Hands the intake to the clinic (POST /patient/intake/submit/), then says clearly that it is done. */
export function SubmitPanel({
  submittedAt,
  review,
  incomplete,
  hasCoverage,
  noInsurance,
  onNoInsuranceChange,
}: SubmitPanelProps) {
  const { t, i18n } = useTranslation('intake');
  const submit = useSubmitIntake();
  const [missing, setMissing] = useState<StepId[] | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (missing?.length) problemRef.current?.focus();
  }, [missing]);
  // Just submitted here: the confirmation replaces the button that had focus.
  useEffect(() => {
    if (submittedAt && submit.isSuccess) doneRef.current?.focus();
  }, [submittedAt, submit.isSuccess]);

  if (submittedAt && review?.stage === 'awaiting_review') {
    const date = formatDate(new Date(submittedAt), i18n.language, { dateStyle: 'long', timeStyle: 'short' });
    return (
      <div className="submit-panel submit-panel--done">
        <h3 ref={doneRef} tabIndex={-1} className="submit-panel__title">
          {t('submitted.title')}
        </h3>
        <p>{t('submitted.on', { date })}</p>
        <p>{t('submitted.later')}</p>
      </div>
    );
  }

  const send = () => {
    if (incomplete.length > 0) {
      setMissing([...incomplete]);
      return;
    }
    submit.mutate(!hasCoverage && noInsurance, {
      onError: (error) => {
        const named = sectionsNamedBy(error);
        if (named.length > 0) setMissing(named);
      },
    });
  };

  return (
    <div className="submit-panel">
      <h3 className="submit-panel__title">{t('review.submitTitle')}</h3>
      {submittedAt && review && <SubmittedNote submittedAt={submittedAt} review={review} />}
      {!hasCoverage && (
        <Checkbox
          label={t('insurance.noInsurance')}
          hint={t('insurance.noInsuranceHint')}
          checked={noInsurance}
          onChange={(event) => onNoInsuranceChange(event.target.checked)}
        />
      )}
      {missing && missing.length > 0 && (
        <div
          className="error-summary"
          ref={problemRef}
          tabIndex={-1}
          aria-labelledby="intake-incomplete-title"
        >
          <h4 className="error-summary__title" id="intake-incomplete-title">
            {t('review.incompleteTitle')}
          </h4>
          <ul className="error-summary__list">
            {missing.map((id) => (
              <li key={id}>
                <Link to={stepHref(id)}>{t(`steps.${id}`)}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormAlert
        message={
          submit.isError &&
          !sectionsNamedBy(submit.error).length &&
          shouldExplain(submit.error) &&
          t('problems.submit')
        }
      />
      <p className="field__hint">{t('review.submitNote')}</p>
      <button type="button" className="button button--primary" disabled={submit.isPending} onClick={send}>
        {t(submittedAt ? 'submitted.resubmit' : 'review.submit')}
      </button>
    </div>
  );
}
