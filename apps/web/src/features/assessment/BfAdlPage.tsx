import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActingFor } from '../../api/caregiver-grants.ts';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { AssessmentForm } from './AssessmentForm.tsx';
import { AssessmentHistory } from './AssessmentHistory.tsx';
import { AssessmentResult } from './AssessmentResult.tsx';
import { dueMessage } from './due-text.ts';
import { localized } from './localized.ts';
import { useBfAdlAssessment } from './use-assessment.ts';
import './assessment.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** spec §2 `/welcome/bf-adl`: the activities-of-daily-living assessment, its result and history. */
export default function BfAdlPage() {
  const { t, i18n } = useTranslation('assessment');
  const query = useBfAdlAssessment();
  // Decision 0023: a caregiver who may see but not fill in the assessment reads results only.
  const mayFill = useActingFor().may('fill_assessments');
  // Unset until the patient chooses: then the form is open when an assessment is due or begun.
  const [formOpen, setFormOpen] = useState<boolean>();
  const [justSubmitted, setJustSubmitted] = useState(false);

  if (query.isPending) {
    return (
      <div className="bf-adl">
        <PageHeading>{t('title')}</PageHeading>
        <p className="page-loading">{t('loading', { ns: 'common' })}</p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="bf-adl">
        <PageHeading>{t('title')}</PageHeading>
        <FormAlert message={t('loadFailed')}>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {t('tryAgain', { ns: 'common' })}
          </button>
        </FormAlert>
      </div>
    );
  }

  const state = query.data;
  const { definition, latest } = state;
  const open = mayFill && (formOpen ?? (state.due || state.draft !== null));
  const due = dueMessage(state);
  return (
    <div className="bf-adl">
      <PageHeading>{t('title')}</PageHeading>
      <p className="bf-adl__instrument">{localized(definition.title, i18n.language)}</p>
      <p>{localized(definition.description, i18n.language)}</p>
      <p className={`bf-adl__due${state.due ? ' bf-adl__due--now' : ''}`}>
        {due.key === 'due.next'
          ? t(due.key, { date: formatDate(due.date, i18n.language, { dateStyle: 'long' }) })
          : t(due.key)}
      </p>
      {latest && !open && <AssessmentResult state={state} latest={latest} fresh={justSubmitted} />}
      {open ? (
        <AssessmentForm
          // A new form after each submission, so it starts empty rather than with the last answers.
          key={latest?.id ?? 'first'}
          state={state}
          onSubmitted={() => {
            setJustSubmitted(true);
            setFormOpen(false);
          }}
        />
      ) : mayFill ? (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setJustSubmitted(false);
              setFormOpen(true);
            }}
          >
            {t('form.start')}
          </button>
        </p>
      ) : (
        <p className="form-alert" role="note">
          {t('seeOnly')}
        </p>
      )}
      <AssessmentHistory state={state} />
    </div>
  );
}
