import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { encodeMessage } from '../../ui/form/issue-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { authMessage } from './auth-form-messages.ts';
import { newPasswordForm } from '../../ui/form/new-password.ts';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { SuccessIcon, WarningIcon } from './StatusIcons.tsx';
import { useConfirmPasswordReset } from './use-auth-mutations.ts';

/** The landing of the reset link: /auth/reset-password?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const confirmMutation = useConfirmPasswordReset();
  const minLength = usePasswordMinimum();
  const schema = useMemo(() => newPasswordForm(minLength), [minLength]);
  const form = useZodForm(schema, {
    defaultValues: { new_password: '', confirm_password: '' },
    messageOf: authMessage,
  });
  const password = useWatch({ control: form.control, name: 'new_password' });

  if (!token) {
    return <LinkProblem message={t('reset.missingToken')} />;
  }
  if (confirmMutation.isSuccess) {
    return (
      <div className="auth-status">
        <SuccessIcon />
        <PageHeading>{t('reset.doneTitle')}</PageHeading>
        <p>{t('reset.doneBody')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('reset.goToLogin')}
        </Link>
      </div>
    );
  }

  const save = ({ new_password }: { new_password: string }) => {
    setFormError(null);
    confirmMutation.mutate(
      { token, password: new_password },
      {
        onError: (error) => {
          if (error instanceof NetworkError) return;
          // The clinic's minimum may have risen since this page loaded: the server names the field.
          if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'new_password')) {
            form.setError(
              'new_password',
              { message: encodeMessage({ key: 'errors.passwordShort', values: { min: minLength } }) },
              { shouldFocus: true },
            );
            return;
          }
          // Any other validation failure is about the link (expired, used).
          setFormError(
            t(error instanceof ApiError && error.status < 500 ? 'reset.invalidToken' : 'errors.generic'),
          );
        },
      },
    );
  };

  const busy = confirmMutation.isPending;
  return (
    <>
      <PageHeading>{t('reset.title')}</PageHeading>
      <p>{t('reset.intro')}</p>
      <FormAlert message={formError} />
      {formError && (
        <p>
          <Link to="/auth/recover-password">{t('reset.requestNew')}</Link>
        </p>
      )}
      <Form form={form} ns="auth" onValid={save} onInvalid={() => setFormError(null)}>
        <FormTextField
          label={t('reset.password')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint', { min: minLength })}
        />
        <PasswordStrengthMeter password={password} userInputs={[]} minLength={minLength} />
        <FormTextField
          label={t('reset.confirm')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </button>
      </Form>
    </>
  );
}

function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-status">
      <WarningIcon />
      <PageHeading>{t('reset.title')}</PageHeading>
      <p>{message}</p>
      <Link className="button button--primary" to="/auth/recover-password">
        {t('reset.requestNew')}
      </Link>
    </div>
  );
}
