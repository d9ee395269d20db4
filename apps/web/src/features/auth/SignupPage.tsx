import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { isAppLocale } from '../../i18n/locale.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { apiErrorMessage } from './api-error-message.ts';
import { authMessage } from './auth-form-messages.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { signupForm } from './signup-form.ts';
import { useSignup } from './use-auth-mutations.ts';

export default function SignupPage() {
  const { t, i18n } = useTranslation('auth');
  // An invitation's address, handed on by its page (in history state, never in the address).
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const minLength = usePasswordMinimum();
  const schema = useMemo(() => signupForm(minLength), [minLength]);
  const form = useZodForm(schema, {
    defaultValues: {
      first_name: '',
      last_name: '',
      date_of_birth: '',
      email: typeof invited === 'string' ? invited : '',
      password: '',
    },
    messageOf: authMessage,
  });
  const [password, firstName, lastName, email] = useWatch({
    control: form.control,
    name: ['password', 'first_name', 'last_name', 'email'],
  });
  const [formError, setFormError] = useState<string | null>(null);
  const signupMutation = useSignup();

  if (signupMutation.isSuccess) {
    return (
      <div className="auth-status">
        <PageHeading>{t('signup.doneTitle')}</PageHeading>
        <p>{t('signup.doneBody', { email: signupMutation.variables.email })}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('signup.signIn')}
        </Link>
      </div>
    );
  }

  const signUp = ({ agree_terms: _agreed, ...details }: ReturnType<typeof schema.parse>) => {
    setFormError(null);
    signupMutation.mutate(
      { ...details, locale: isAppLocale(i18n.language) ? i18n.language : 'gb' },
      {
        onError: (error) => {
          const key = apiErrorMessage(error);
          setFormError(key ? t(key) : null);
        },
      },
    );
  };

  const busy = signupMutation.isPending;
  return (
    <>
      <PageHeading>{t('signup.title')}</PageHeading>
      <p>{t('signup.intro')}</p>
      <FormAlert message={formError} />
      <Form form={form} ns="auth" onValid={signUp} onInvalid={() => setFormError(t('errors.formHasErrors'))}>
        <div className="field-row">
          <FormTextField label={t('signup.firstName')} name="first_name" autoComplete="given-name" />
          <FormTextField label={t('signup.lastName')} name="last_name" autoComplete="family-name" />
        </div>
        <FormTextField label={t('signup.dateOfBirth')} name="date_of_birth" type="date" autoComplete="bday" />
        <FormTextField
          label={t('signup.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <FormTextField
          label={t('signup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint', { min: minLength })}
        />
        <PasswordStrengthMeter
          password={password}
          userInputs={[firstName, lastName, email]}
          minLength={minLength}
        />
        <FormCheckbox
          name="agree_terms"
          label={
            <Trans
              t={t}
              i18nKey="signup.agreeTerms"
              components={{
                termsLink: <Link to="/auth/terms-of-use" target="_blank" rel="noopener noreferrer" />,
                privacyLink: <Link to="/auth/privacy-notice" target="_blank" rel="noopener noreferrer" />,
              }}
            />
          }
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
      </Form>
      <p className="auth-links">
        <span>
          {t('signup.haveAccount')} <Link to="/auth/login">{t('signup.signIn')}</Link>
        </span>
      </p>
    </>
  );
}
