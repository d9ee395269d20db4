import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { LOGO_MAX_BYTES, type ClinicLogo } from '@portal/protocol';
import { formatNumber } from '../../i18n/format.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { readBase64 } from '../../ui/read-file.ts';
import type { LogoChoice } from './settings-form.ts';

/** The clinic logo: PNG, JPEG or SVG up to 512 KB; the server judges the content, this only pre-checks the size. */
export function LogoField({ current }: { current: ClinicLogo | null }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const { setError, clearErrors } = useFormContext();
  const { field } = useController({ name: 'clinic_logo' });
  const choice = field.value as LogoChoice;
  const error = useFieldMessage('clinic_logo');
  const onChange = (next: LogoChoice) => {
    clearErrors('clinic_logo');
    field.onChange(next);
  };
  const shown = choice.kind === 'replace' ? choice.logo : choice.kind === 'remove' ? null : current;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setError('clinic_logo', { message: 'settings.logo.tooLarge' });
      return;
    }
    // The type shown in the preview is the browser's guess; the server decides by content.
    onChange({
      kind: 'replace',
      logo: { mime: file.type || 'image/png', content_base64: await readBase64(file) },
    });
  };
  return (
    <div className="field logo-field">
      <span className="field__label">{t('settings.logo.label')}</span>
      <div className="logo-field__row">
        <div className="logo-field__preview">
          {shown ? (
            <img src={`data:${shown.mime};base64,${shown.content_base64}`} alt={t('settings.logo.preview')} />
          ) : (
            <span>{t('settings.logo.none')}</span>
          )}
        </div>
        <div className="logo-field__controls">
          <input
            id={id}
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg,image/svg+xml"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <label htmlFor={id} className="button button--secondary logo-field__upload">
            {t('settings.logo.upload')}
          </label>
          {shown && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => onChange({ kind: 'remove' })}
            >
              {t('settings.logo.remove')}
            </button>
          )}
          {choice.kind !== 'keep' && (
            <button type="button" className="button button--ghost" onClick={() => onChange({ kind: 'keep' })}>
              {t('settings.logo.undo')}
            </button>
          )}
        </div>
      </div>
      <span id={`${id}-hint`} className="field__hint">
        {t('settings.logo.hint', { size: formatNumber(LOGO_MAX_BYTES / 1024, i18n.language) })}
      </span>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
