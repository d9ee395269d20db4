import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { currentHomePath } from '../../api/home-path.ts';
import { sameSitePath, takeReturnPath } from '../../api/return-path.ts';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { apiErrorMessage } from './api-error-message.ts';
import { loginForm, type LoginForm } from './login-form.ts';
import { MfaStep } from './MfaStep.tsx';
import { useLogin } from './use-auth-mutations.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // An invitation's address, handed on by its page (in history state, never in the address).
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useZodForm(loginForm, {
    defaultValues: {
      email: typeof invited === 'string' ? invited : '',
      password: '',
      'keep-logged-in': false,
    },
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

  const signIn = ({ email, password, 'keep-logged-in': keepLoggedIn }: LoginForm) => {
    setFormError(null);
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
        keepLoggedIn={form.getValues('keep-logged-in')}
        onSignedIn={enter}
        onRestart={() => {
          setMfaToken(null);
          form.resetField('password');
        }}
      />
    );
  }
  return (
    <>
      <PageHeading>{t('login.title')}</PageHeading>
      <p>{t('login.intro')}</p>
      <FormAlert message={formError} />
      <Form form={form} ns="auth" onValid={signIn} onInvalid={() => setFormError(null)}>
        <FormTextField
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
        />
        <FormTextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <FormCheckbox
          name="keep-logged-in"
          label={t('login.keepLoggedIn')}
          hint={t('login.keepLoggedInHint')}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </Form>
      <div className="auth-links">
        <Link to="/auth/recover-password">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/auth/signup">{t('login.createAccount')}</Link>
        </span>
      </div>
    </>
  );
}
