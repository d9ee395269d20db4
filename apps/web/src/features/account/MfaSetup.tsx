import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_CODE_PATTERN } from '@portal/protocol';
import { TextField } from '../../ui/TextField.tsx';
import { accountErrorKey } from './account-errors.ts';
import { useConfirmMfa, useStartMfa } from './account-api.ts';

/** The key in groups of four, as authenticator apps show it and people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan (or type) the secret, prove it with one code, then keep the recovery codes. */
export function MfaSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('account');
  const start = useStartMfa();
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLFormElement>(null);

  if (!start.data) {
    return (
      <>
        <p className="account-status">
          <span className="account-badge">{t('mfa.off')}</span>
        </p>
        {start.isError && (
          <p className="form-alert form-alert--error" role="alert">
            {t(accountErrorKey(start.error) ?? 'errors.generic')}
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => start.mutate()}
          disabled={start.isPending}
        >
          {start.isPending ? t('working') : t('mfa.enable')}
        </button>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!TOTP_CODE_PATTERN.test(code.trim())) {
      setError('errors.codeFormat');
      codeRef.current?.querySelector('input')?.focus();
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => onEnabled(answer.recovery_codes),
      onError: (failure) => {
        setError(accountErrorKey(failure));
        setCode('');
      },
    });
  };

  return (
    <div className="account-setup">
      <ol className="account-steps">
        <li>{t('mfa.step1')}</li>
        <li>
          {t('mfa.step2')}
          <div className="account-qr">
            <img src={start.data.qr_svg} alt={t('mfa.qrAlt')} width={200} height={200} />
          </div>
          <p className="account-key-label" id="account-manual-key-label">
            {t('mfa.manualKey')}
          </p>
          <code
            className="account-key"
            aria-labelledby="account-manual-key-label"
            data-testid="mfa-manual-key"
          >
            {grouped(start.data.secret)}
          </code>
        </li>
        <li>
          {t('mfa.step3')}
          <form ref={codeRef} className="account-form" noValidate onSubmit={submit}>
            <TextField
              label={t('mfa.code')}
              name="mfa-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
              error={error ? t(error) : undefined}
            />
            <button type="submit" className="button button--primary" disabled={confirm.isPending}>
              {confirm.isPending ? t('working') : t('mfa.confirm')}
            </button>
          </form>
        </li>
      </ol>
    </div>
  );
}
