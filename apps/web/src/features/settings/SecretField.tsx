import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What the page will do with a write-only secret on save. */
export type SecretChoice = { kind: 'keep' } | { kind: 'replace'; value: string } | { kind: 'remove' };

interface SecretFieldProps {
  label: string;
  isSet: boolean;
  choice: SecretChoice;
  error?: string;
  onChange: (choice: SecretChoice) => void;
}

/** A secret is never shown back: "•••• set", and a way to replace or remove it. */
export function SecretField({ label, isSet, choice, error, onChange }: SecretFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const stateId = `${id}-state`;
  const errorId = `${id}-error`;
  const errorLine = error && (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  );
  if (choice.kind !== 'replace') {
    return (
      <div className="field secret-field">
        <span className="field__label" id={`${id}-label`}>
          {label}
        </span>
        <div className="secret-field__row">
          <span id={stateId} className="secret-field__state">
            {choice.kind === 'remove'
              ? t('settings.secret.willRemove')
              : isSet
                ? t('settings.secret.set')
                : t('settings.secret.notSet')}
          </span>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={`${id}-label ${stateId}`}
            onClick={() => onChange({ kind: 'replace', value: '' })}
          >
            {isSet ? t('settings.secret.replace') : t('settings.secret.add')}
          </button>
          {isSet && choice.kind === 'keep' && (
            <button
              type="button"
              className="button button--ghost"
              aria-describedby={`${id}-label`}
              onClick={() => onChange({ kind: 'remove' })}
            >
              {t('settings.secret.remove')}
            </button>
          )}
          {choice.kind === 'remove' && (
            <button type="button" className="button button--ghost" onClick={() => onChange({ kind: 'keep' })}>
              {t('settings.secret.keep')}
            </button>
          )}
        </div>
        {errorLine}
      </div>
    );
  }
  return (
    <div className="field secret-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="secret-field__row">
        <input
          id={id}
          type="password"
          className="field__input"
          autoComplete="off"
          value={choice.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange({ kind: 'replace', value: e.target.value })}
        />
        <button type="button" className="button button--ghost" onClick={() => onChange({ kind: 'keep' })}>
          {isSet ? t('settings.secret.keep') : t('common.cancel')}
        </button>
      </div>
      {errorLine}
    </div>
  );
}
