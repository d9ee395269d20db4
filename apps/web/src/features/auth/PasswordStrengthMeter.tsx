import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrengthEstimator, type StrengthEstimator, type StrengthScore } from './password-strength.ts';
import './password-strength-meter.css';

interface PasswordStrengthMeterProps {
  password: string;
  /** Words the password should not lean on: the person's name and e-mail. */
  userInputs: string[];
  /** The clinic's minimum length: anything shorter reads as too short, whatever its variety. */
  minLength: number;
}

/** A visible meter with a text label; the label is what assistive technology reads. */
export function PasswordStrengthMeter({ password, userInputs, minLength }: PasswordStrengthMeterProps) {
  const { t } = useTranslation('auth');
  const [estimate, setEstimate] = useState<StrengthEstimator | null>(null);

  useEffect(() => {
    let live = true;
    void loadStrengthEstimator().then((loaded) => {
      if (live) setEstimate(() => loaded);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!password) return null;
  const short = [...password].length < minLength;
  const score: StrengthScore | null = short ? 0 : estimate ? estimate(password, userInputs) : null;
  const levels = t('strength.levels', { returnObjects: true }) as string[];
  const text = short
    ? t('strength.tooShort', { min: minLength })
    : score === null
      ? t('strength.checking')
      : levels[score];
  return (
    <div className="strength" data-score={score ?? undefined}>
      <div className="strength__bar" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`strength__step${score !== null && step <= score ? ' strength__step--on' : ''}`}
          />
        ))}
      </div>
      <p className="strength__label" aria-live="polite">
        {t('strength.label')}: <strong>{text}</strong>
      </p>
    </div>
  );
}
