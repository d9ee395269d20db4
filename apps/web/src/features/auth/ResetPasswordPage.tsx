import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { passwordError } from './field-errors.ts';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { hasErrors, type FieldError } from './form-helpers.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';
import { SuccessIcon, WarningIcon } from './StatusIcons.tsx';
import { useConfirmPasswordReset } from './use-auth-mutations.ts';

/** The landing of the reset link: /auth/reset-password?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<'password' | 'confirm', FieldError>>({
    password: undefined,
    confirm: undefined,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const confirmMutation = useConfirmPasswordReset();
  const minLength = usePasswordMinimum();

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordError(password, minLength),
      confirm: confirm === password ? undefined : 'errors.passwordMismatch',
    };
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    confirmMutation.mutate(
      { token, password },
      {
        onError: (error) => {
          if (error instanceof NetworkError) return;
          // The clinic's minimum may have risen since this page loaded: the server names the field.
          if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'new_password')) {
            setErrors((previous) => ({ ...previous, password: 'errors.passwordShort' }));
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
      <form ref={formRef} noValidate onSubmit={submit}>
        <TextField
          label={t('reset.password')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={t('signup.passwordHint', { min: minLength })}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((previous) => ({ ...previous, password: undefined }));
          }}
          error={errors.password && t(errors.password, { min: minLength })}
        />
        <PasswordStrengthMeter password={password} userInputs={[]} minLength={minLength} />
        <TextField
          label={t('reset.confirm')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setErrors((previous) => ({ ...previous, confirm: undefined }));
          }}
          error={errors.confirm && t(errors.confirm)}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
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
