import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import type { SecretSetting } from '@portal/protocol';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import type { SecretChoice } from './settings-form.ts';

interface SecretFieldProps {
  name: SecretSetting;
  label: string;
  isSet: boolean;
}

/** A secret is never shown back: "•••• set", and a way to replace or remove it. */
export function SecretField({ name, label, isSet }: SecretFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { field } = useController({ name });
  const choice = field.value as SecretChoice;
  const onChange = (next: SecretChoice) => field.onChange(next);
  // The page's check marks the replacement; the server's refusal marks the secret.
  const replacementError = useFieldMessage(`${name}.value`);
  const error = useFieldMessage(name) ?? replacementError;
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
