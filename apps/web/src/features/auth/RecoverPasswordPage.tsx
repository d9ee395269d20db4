import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordResetRequest, type PasswordResetRequest } from '@portal/protocol';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { apiErrorMessage } from './api-error-message.ts';
import { useRequestPasswordReset } from './use-auth-mutations.ts';

export default function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useZodForm(passwordResetRequest, { defaultValues: { email: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const resetMutation = useRequestPasswordReset();

  const requestLink = ({ email }: PasswordResetRequest) => {
    setFormError(null);
    resetMutation.mutate(email, {
      onSuccess: () => void navigate('/auth/recover-password-email', { state: { email } }),
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
      <Form form={form} ns="auth" onValid={requestLink} onInvalid={() => setFormError(null)}>
        <FormTextField
          label={t('recover.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('recover.submitting') : t('recover.submit')}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/auth/login">{t('recover.backToLogin')}</Link>
      </p>
    </>
  );
}
