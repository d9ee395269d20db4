import { useTranslation } from 'react-i18next';

/** "Question 3 of 10" with a bar, for the one-question-per-step layout on phones. */
export function StepProgress({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation('assessment');
  const label = t('form.stepOf', { current, total });
  return (
    <div className="bf-adl-progress">
      <p className="bf-adl-progress__label" id="bf-adl-progress-label">
        {label}
      </p>
      <progress
        className="bf-adl-progress__bar"
        max={total}
        value={current}
        aria-labelledby="bf-adl-progress-label"
      />
    </div>
  );
}
