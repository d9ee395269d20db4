import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { usePasswordMinimum } from '../../api/public-config.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import type { FieldMessage, Issue } from '../../ui/form/issue-message.ts';
import { newPasswordForm } from '../../ui/form/new-password.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useAcceptInvite } from './use-users.ts';

/** The admin namespace's words: one for any weak password, one for a mismatch. */
function inviteMessage(issue: Issue): FieldMessage {
  if (issue.path?.[0] === 'confirm_password') return { key: 'acceptInvite.mismatch' };
  return { key: issue.input === '' ? 'form.required' : 'acceptInvite.weak' };
}

/** `/auth/accept-invite?token=…`: an invited person chooses their first password (link valid 72 h). */
export default function AcceptInvitePage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvite();
  const minLength = usePasswordMinimum();
  const schema = useMemo(() => newPasswordForm(minLength), [minLength]);
  const form = useZodForm(schema, {
    defaultValues: { new_password: '', confirm_password: '' },
    messageOf: inviteMessage,
  });
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

  const save = ({ new_password }: { new_password: string }) => {
    setFormError(null);
    accept.mutate(
      { token, password: new_password },
      {
        onError: (error) => {
          if (error instanceof NetworkError) return;
          // The clinic may ask for more than the protocol's minimum: the server says so by the field.
          if (error instanceof ApiError && error.body.errors?.some((e) => e.path === 'new_password')) {
            form.setError('new_password', { message: 'acceptInvite.weak' }, { shouldFocus: true });
          } else if (!(error instanceof ApiError && error.body.errors?.some((e) => e.path === 'token'))) {
            setFormError(t('errors.generic'));
          }
        },
      },
    );
  };

  return (
    <>
      <PageHeading>{t('acceptInvite.title')}</PageHeading>
      <p>{t('acceptInvite.intro')}</p>
      <FormAlert message={formError} />
      <Form form={form} ns="admin" onValid={save} onInvalid={() => setFormError(null)}>
        <FormTextField
          label={t('acceptInvite.password')}
          hint={t('acceptInvite.hint', { min: minLength })}
          name="new_password"
          type="password"
          autoComplete="new-password"
        />
        <FormTextField
          label={t('acceptInvite.confirm')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button button--primary button--block" disabled={accept.isPending}>
          {accept.isPending ? t('common.working') : t('acceptInvite.submit')}
        </button>
      </Form>
    </>
  );
}
