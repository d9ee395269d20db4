import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { apiErrorMessage } from './api-error-message.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useCompleteMfa } from './use-auth-mutations.ts';

/** The challenge is gone (expired, 10401) or the account locked (10012): the API layer showed its notice. */
const RESTART_CODES: ReadonlySet<number> = new Set([Codes.sessionExpired, Codes.accountLocked]);

interface MfaStepProps {
  mfaToken: string;
  keepLoggedIn: boolean;
  onSignedIn: () => void;
  /** The challenge is gone (expired, locked): start the sign-in again. */
  onRestart: () => void;
}

/** protocol.md §5: the second step of a login, with the app's code or a recovery code. */
export function MfaStep({ mfaToken, keepLoggedIn, onSignedIn, onRestart }: MfaStepProps) {
  const { t } = useTranslation('auth');
  const formRef = useRef<HTMLFormElement>(null);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const complete = useCompleteMfa();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toLowerCase();
    const wellFormed = recovery ? RECOVERY_CODE_PATTERN.test(typed) : TOTP_CODE_PATTERN.test(typed);
    setFormError(null);
    if (!wellFormed) {
      setError(recovery ? 'mfa.invalidRecoveryFormat' : 'mfa.invalidFormat');
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
      return;
    }
    complete.mutate(
      { mfaToken, code: typed, keepLoggedIn },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === Codes.validation) {
            setError('mfa.wrongCode');
            setCode('');
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
            return;
          }
          if (failure instanceof ApiError && RESTART_CODES.has(failure.code)) {
            onRestart();
            return;
          }
          const key = apiErrorMessage(failure);
          setFormError(key ? t(key) : null);
        },
      },
    );
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(undefined);
  };

  return (
    <>
      <PageHeading>{t('mfa.title')}</PageHeading>
      <p>{t(recovery ? 'mfa.recoveryIntro' : 'mfa.intro')}</p>
      <FormAlert message={formError} />
      <form ref={formRef} noValidate onSubmit={submit}>
        <TextField
          key={recovery ? 'recovery' : 'totp'}
          label={t(recovery ? 'mfa.recoveryCode' : 'mfa.code')}
          hint={recovery ? t('mfa.recoveryHint') : undefined}
          name={recovery ? 'recovery_code' : 'code'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 11 : 6}
          autoFocus
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
          error={error && t(error)}
        />
        <button type="submit" className="button button--primary button--block" disabled={complete.isPending}>
          {complete.isPending ? t('mfa.submitting') : t('mfa.submit')}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="button button--ghost" onClick={toggle}>
          {t(recovery ? 'mfa.useApp' : 'mfa.useRecovery')}
        </button>
        <button type="button" className="button button--ghost" onClick={onRestart}>
          {t('mfa.back')}
        </button>
      </div>
    </>
  );
}
