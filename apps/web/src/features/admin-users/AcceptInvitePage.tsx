import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordPolicy } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { focusFirstInvalid } from '../../ui/focus-first-invalid.ts';
import { useAcceptInvite } from './use-users.ts';

type Field = 'password' | 'confirm';

/** `/auth/accept-invite?token=…`: an invited person chooses their first password (link valid 72 h). */
export default function AcceptInvitePage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const accept = useAcceptInvite();
  const minLength = usePasswordMinimum();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (
    !token ||
    (accept.error instanceof ApiError && accept.error.body.errors?.some((e) => e.path === 'token'))
  ) {
    return (
      <div className="auth-status">
        <PageHeading>{t('acceptInvite.title')}</PageHeading>
        <p role="alert">{t('acceptInvite.invalidLink')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('acceptInvite.goToLogin')}
        </Link>
      </div>
    );
  }
  if (accept.isSuccess) {
    return (
      <div className="auth-status">
        <PageHeading>{t('acceptInvite.doneTitle')}</PageHeading>
        <p>{t('acceptInvite.doneBody')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('acceptInvite.goToLogin')}
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.password) found.password = 'form.required';
    else if ([...values.password].length < minLength || !passwordPolicy.safeParse(values.password).success) {
      found.password = 'acceptInvite.weak';
    }
    if (values.confirm !== values.password) found.confirm = 'acceptInvite.mismatch';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    accept.mutate(
      { token, password: values.password },
      {
        onError: (error) => {
          if (error instanceof NetworkError) return;
          // The clinic may ask for more than the protocol's minimum: the server says so by the field.
          if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'new_password')) {
            setErrors({ password: 'acceptInvite.weak' });
          } else if (!(error instanceof ApiError && error.body.errors?.some((e) => e.path === 'token'))) {
            setFormError('errors.generic');
          }
        },
      },
    );
  };

  const field = (name: Field, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      name={name === 'password' ? 'new_password' : 'confirm_password'}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((errs) => ({ ...errs, [name]: undefined }));
      }}
      error={errors[name] && t(errors[name]!, { min: minLength })}
    />
  );
  return (
    <>
      <PageHeading>{t('acceptInvite.title')}</PageHeading>
      <p>{t('acceptInvite.intro')}</p>
      {formError && (
        <p className="form-alert form-alert--error" role="alert">
          {t(formError)}
        </p>
      )}
      <form ref={formRef} noValidate onSubmit={submit}>
        {field('password', t('acceptInvite.password'), t('acceptInvite.hint', { min: minLength }))}
        {field('confirm', t('acceptInvite.confirm'))}
        <button type="submit" className="button button--primary button--block" disabled={accept.isPending}>
          {accept.isPending ? t('common.working') : t('acceptInvite.submit')}
        </button>
      </form>
    </>
  );
}
