import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { currentHomePath } from '../../api/home-path.ts';
import { sameSitePath, takeReturnPath } from '../../api/return-path.ts';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { apiErrorMessage } from './api-error-message.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { hasErrors, requiredError, type FieldError } from './form-helpers.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { MfaStep } from './MfaStep.tsx';
import { useLogin } from './use-auth-mutations.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  // An invitation's address, handed on by its page (in history state, never in the address).
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof invited === 'string' ? invited : '');
  const [password, setPassword] = useState('');
  const [keepLoggedIn, setKeepLoggedIn] = useState(false);
  const [errors, setErrors] = useState<Record<'email' | 'password', FieldError>>({
    email: undefined,
    password: undefined,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const loginMutation = useLogin();
  // Back to the link that asked for an account (a caregiver's invitation: `next`, or kept since
  // sign-up, maybe in another tab), else straight to where / leads (spec §2: /users for an
  // administrator, /account to set up MFA).
  const enter = () => {
    const kept = takeReturnPath();
    void navigate(sameSitePath(params.get('next')) ?? kept ?? currentHomePath(), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { email: requiredError(email.trim()), password: requiredError(password) };
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    loginMutation.mutate(
      { email, password, keepLoggedIn },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'mfa-required') setMfaToken(outcome.mfaToken);
          else enter();
        },
        onError: (error) => {
          // protocol.md §5: a correct password on an unconfirmed address answers 10403.
          const key =
            error instanceof ApiError && error.code === Codes.forbidden
              ? 'login.unverified'
              : apiErrorMessage(error);
          setFormError(key ? t(key) : null);
        },
      },
    );
  };

  const busy = loginMutation.isPending;
  if (mfaToken) {
    return (
      <MfaStep
        mfaToken={mfaToken}
        keepLoggedIn={keepLoggedIn}
        onSignedIn={enter}
        onRestart={() => {
          setMfaToken(null);
          setPassword('');
        }}
      />
    );
  }
  return (
    <>
      <PageHeading>{t('login.title')}</PageHeading>
      <p>{t('login.intro')}</p>
      <FormAlert message={formError} />
      <form ref={formRef} noValidate onSubmit={submit}>
        <TextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((previous) => ({ ...previous, email: undefined }));
          }}
          error={errors.email && t(errors.email)}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((previous) => ({ ...previous, password: undefined }));
          }}
          error={errors.password && t(errors.password)}
        />
        <Checkbox
          name="keep-logged-in"
          label={t('login.keepLoggedIn')}
          hint={t('login.keepLoggedInHint')}
          checked={keepLoggedIn}
          onChange={(e) => setKeepLoggedIn(e.target.checked)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/auth/recover-password">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/auth/signup">{t('login.createAccount')}</Link>
        </span>
      </div>
    </>
  );
}
