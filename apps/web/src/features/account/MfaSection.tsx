import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@portal/protocol';
import { currentHomePath } from '../../api/home-path.ts';
import { TextField } from '../../ui/TextField.tsx';
import { accountErrorKey } from './account-errors.ts';
import { useDisableMfa, useMfaStatus } from './account-api.ts';
import { MfaSetup } from './MfaSetup.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/** Codes are 6 digits or xxxxx-xxxxx; a password is at least 12 characters, so one field serves both. */
const looksLikeCode = (text: string) =>
  TOTP_CODE_PATTERN.test(text) || RECOVERY_CODE_PATTERN.test(text.toLowerCase());

export function MfaSection() {
  const { t } = useTranslation('account');
  const status = useMfaStatus();
  const [disabling, setDisabling] = useState(false);
  // Shown once, whatever the refreshed status says meanwhile; "Done" leaves the screen.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const navigate = useNavigate();
  // To where / leads, in one step (the tokens were refreshed when MFA was turned on).
  const leave = () => void navigate(currentHomePath(), { replace: true });

  return (
    <section className="card account-section" aria-labelledby="account-mfa-title">
      <h2 id="account-mfa-title" className="account-section__title">
        {t('mfa.title')}
      </h2>
      <p>{t('mfa.intro')}</p>
      {status.isPending && (
        <p role="status" className="account-section__pending">
          {t('loading')}
        </p>
      )}
      {status.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {t('errors.generic')}
        </p>
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={leave} />}
      {!recoveryCodes && status.data && !status.data.enabled && <MfaSetup onEnabled={setRecoveryCodes} />}
      {!recoveryCodes && status.data?.enabled && (
        <>
          <p className="account-status">
            <span className="account-badge account-badge--on">{t('mfa.on')}</span>{' '}
            {t('mfa.codesLeft', { count: status.data.recovery_codes_left })}
          </p>
          {disabling ? (
            <DisableForm onDone={() => setDisabling(false)} />
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setDisabling(true)}>
              {t('mfa.disable')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableMfa();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = proof.trim();
    if (!typed) {
      setError('errors.required');
      return;
    }
    disable.mutate(looksLikeCode(typed) ? { code: typed } : { password: proof }, {
      onSuccess: onDone,
      onError: (failure) => setError(accountErrorKey(failure)),
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <TextField
        label={t('mfa.disableProof')}
        hint={t('mfa.disableHint')}
        name="mfa-disable-proof"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={proof}
        onChange={(e) => {
          setProof(e.target.value);
          setError(null);
        }}
        error={error ? t(error) : undefined}
      />
      <div className="account-actions">
        <button type="submit" className="button button--primary" disabled={disable.isPending}>
          {disable.isPending ? t('working') : t('mfa.disableConfirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
