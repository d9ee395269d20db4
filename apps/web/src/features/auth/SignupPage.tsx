import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { isAppLocale } from '../../i18n/locale.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { apiErrorMessage } from './api-error-message.ts';
import { dateOfBirthError, emailError, nameError, passwordError } from './field-errors.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { hasErrors, type FieldError } from './form-helpers.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { useSignup } from './use-auth-mutations.ts';

type Field = 'firstName' | 'lastName' | 'dateOfBirth' | 'email' | 'password' | 'agree';

const NO_ERRORS: Record<Field, FieldError> = {
  firstName: undefined,
  lastName: undefined,
  dateOfBirth: undefined,
  email: undefined,
  password: undefined,
  agree: undefined,
};

export default function SignupPage() {
  const { t, i18n } = useTranslation('auth');
  const formRef = useRef<HTMLFormElement>(null);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  // An invitation's address, handed on by its page (in history state, never in the address).
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof invited === 'string' ? invited : '');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState(NO_ERRORS);
  const [formError, setFormError] = useState<string | null>(null);
  const signupMutation = useSignup();
  const minLength = usePasswordMinimum();

  if (signupMutation.isSuccess) {
    return (
      <div className="auth-status">
        <PageHeading>{t('signup.doneTitle')}</PageHeading>
        <p>{t('signup.doneBody', { email: email.trim() })}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('signup.signIn')}
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<Field, FieldError> = {
      firstName: nameError(firstName),
      lastName: nameError(lastName),
      dateOfBirth: dateOfBirthError(dateOfBirth),
      email: emailError(email),
      password: passwordError(password, minLength),
      agree: agree ? undefined : 'errors.agreeTerms',
    };
    setErrors(found);
    if (hasErrors(found)) {
      setFormError(t('errors.formHasErrors'));
      focusFirstInvalid(formRef.current);
      return;
    }
    setFormError(null);
    signupMutation.mutate(
      {
        email: email.trim(),
        password,
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        date_of_birth: dateOfBirth,
        locale: isAppLocale(i18n.language) ? i18n.language : 'gb',
      },
      {
        onError: (error) => {
          const key = apiErrorMessage(error);
          setFormError(key ? t(key) : null);
        },
      },
    );
  };

  // A corrected field loses its old message at once; the rest wait for the next submit.
  const edit = (field: Field, set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const error = (field: Field) => {
    const key = errors[field];
    return key ? t(key, { min: minLength }) : undefined;
  };
  const busy = signupMutation.isPending;
  return (
    <>
      <PageHeading>{t('signup.title')}</PageHeading>
      <p>{t('signup.intro')}</p>
      <FormAlert message={formError} />
      <form ref={formRef} noValidate onSubmit={submit}>
        <div className="field-row">
          <TextField
            label={t('signup.firstName')}
            name="first_name"
            autoComplete="given-name"
            value={firstName}
            onChange={edit('firstName', setFirstName)}
            error={error('firstName')}
          />
          <TextField
            label={t('signup.lastName')}
            name="last_name"
            autoComplete="family-name"
            value={lastName}
            onChange={edit('lastName', setLastName)}
            error={error('lastName')}
          />
        </div>
        <TextField
          label={t('signup.dateOfBirth')}
          name="date_of_birth"
          type="date"
          autoComplete="bday"
          value={dateOfBirth}
          onChange={edit('dateOfBirth', setDateOfBirth)}
          error={error('dateOfBirth')}
        />
        <TextField
          label={t('signup.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={edit('email', setEmail)}
          error={error('email')}
        />
        <TextField
          label={t('signup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint', { min: minLength })}
          value={password}
          onChange={edit('password', setPassword)}
          error={error('password')}
        />
        <PasswordStrengthMeter
          password={password}
          userInputs={[firstName, lastName, email]}
          minLength={minLength}
        />
        <Checkbox
          name="agree_terms"
          checked={agree}
          onChange={(e) => {
            setAgree(e.target.checked);
            setErrors((previous) => ({ ...previous, agree: undefined }));
          }}
          error={error('agree')}
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
      </form>
      <p className="auth-links">
        <span>
          {t('signup.haveAccount')} <Link to="/auth/login">{t('signup.signIn')}</Link>
        </span>
      </p>
    </>
  );
}
