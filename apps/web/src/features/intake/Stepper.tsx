import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StepStatus } from './step-status.ts';
import { STEPS, stepHref, type StepId } from './steps.ts';

interface StepperProps {
  current: number;
  statuses: Record<StepId, StepStatus> | null;
}

function Check() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path
        d="M3 8.5l3.2 3L13 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The progress indicator: an ordered list of the steps, the current one marked with
 * aria-current="step", each with its state in words. Every step can be opened directly.
 */
export function Stepper({ current, statuses }: StepperProps) {
  const { t } = useTranslation('intake');
  return (
    <nav className="stepper" aria-label={t('stepper.label')}>
      <ol className="stepper__list">
        {STEPS.map((step, index) => {
          const status = statuses?.[step.id] ?? 'notStarted';
          const isCurrent = index === current;
          return (
            <li
              key={step.id}
              className={`stepper__item stepper__item--${status}${isCurrent ? ' stepper__item--current' : ''}`}
            >
              <Link
                className="stepper__link"
                to={stepHref(step.id)}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <span className="stepper__marker" aria-hidden="true">
                  {status === 'done' && !isCurrent ? <Check /> : index + 1}
                </span>
                <span className="stepper__label narrow-hidden">{t(`steps.${step.id}`)}</span>
                {statuses && step.id !== 'review' && (
                  <span className="visually-hidden">{t(`stepper.status.${status}`)}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
