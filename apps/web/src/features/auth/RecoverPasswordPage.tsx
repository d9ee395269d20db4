import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { apiErrorMessage } from './api-error-message.ts';
import { emailError } from './field-errors.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import type { FieldError } from './form-helpers.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { useRequestPasswordReset } from './use-auth-mutations.ts';

export default function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldError>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const resetMutation = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    setFormError(null);
    if (found) {
      focusFirstInvalid(formRef.current);
      return;
    }
    resetMutation.mutate(email.trim(), {
      onSuccess: () => void navigate('/auth/recover-password-email', { state: { email: email.trim() } }),
      onError: (e) => {
        const key = apiErrorMessage(e);
        setFormError(key ? t(key) : null);
      },
    });
  };

  const busy = resetMutation.isPending;
  return (
    <>
      <PageHeading>{t('recover.title')}</PageHeading>
      <p>{t('recover.intro')}</p>
      <FormAlert message={formError} />
      <form ref={formRef} noValidate onSubmit={submit}>
        <TextField
          label={t('recover.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error && t(error)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('recover.submitting') : t('recover.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/auth/login">{t('recover.backToLogin')}</Link>
      </p>
    </>
  );
}
