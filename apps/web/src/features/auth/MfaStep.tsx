import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { apiErrorMessage } from './api-error-message.ts';
import { mfaStepForms } from './mfa-step-form.ts';
import { useCompleteMfa } from './use-auth-mutations.ts';

/** The challenge is gone (expired, 10401) or the account locked (10012): the API layer showed its notice. */
const RESTART_CODES: ReadonlySet<number> = new Set([Codes.sessionExpired, Codes.accountLocked]);

interface MfaStepProps {
  mfaToken: string;
  keepLoggedIn: boolean;
  onSignedIn: () => void;
  /** The challenge is gone (expired, locked): start the sign-in again. */
  onRestart: () => void;
}

/** protocol.md §5: the second step of a login, with the app's code or a recovery code. */
export function MfaStep({ mfaToken, keepLoggedIn, onSignedIn, onRestart }: MfaStepProps) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const complete = useCompleteMfa();

  /** Answers with the code; on a wrong one, `refuse` clears the field and says so. */
  const answer = (code: string, refuse: () => void) => {
    setFormError(null);
    complete.mutate(
      { mfaToken, code, keepLoggedIn },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === Codes.validation) return refuse();
          if (failure instanceof ApiError && RESTART_CODES.has(failure.code)) return onRestart();
          const key = apiErrorMessage(failure);
          setFormError(key ? t(key) : null);
        },
      },
    );
  };

  return (
    <>
      <PageHeading>{t('mfa.title')}</PageHeading>
      <p>{t(recovery ? 'mfa.recoveryIntro' : 'mfa.intro')}</p>
      <FormAlert message={formError} />
      {recovery ? (
        <RecoveryCodeForm busy={complete.isPending} onCode={answer} />
      ) : (
        <AppCodeForm busy={complete.isPending} onCode={answer} />
      )}
      <div className="auth-links">
        <button type="button" className="button button--ghost" onClick={() => setRecovery((r) => !r)}>
          {t(recovery ? 'mfa.useApp' : 'mfa.useRecovery')}
        </button>
        <button type="button" className="button button--ghost" onClick={onRestart}>
          {t('mfa.back')}
        </button>
      </div>
    </>
  );
}

interface CodeFormProps {
  busy: boolean;
  onCode: (code: string, refuse: () => void) => void;
}

function AppCodeForm({ busy, onCode }: CodeFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(mfaStepForms.totp, {
    defaultValues: { code: '' },
    messageOf: () => ({ key: 'mfa.invalidFormat' }),
  });
  const refuse = () => {
    form.resetField('code');
    form.setError('code', { message: 'mfa.wrongCode' }, { shouldFocus: true });
  };
  return (
    <Form form={form} ns="auth" onValid={({ code }) => onCode(code, refuse)}>
      <FormTextField
        label={t('mfa.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={6}
        autoFocus
      />
      <SubmitButton busy={busy} />
    </Form>
  );
}

function RecoveryCodeForm({ busy, onCode }: CodeFormProps) {
  const { t } = useTranslation('auth');
  const form = useZodForm(mfaStepForms.recovery, {
    defaultValues: { recovery_code: '' },
    messageOf: () => ({ key: 'mfa.invalidRecoveryFormat' }),
  });
  const refuse = () => {
    form.resetField('recovery_code');
    form.setError('recovery_code', { message: 'mfa.wrongCode' }, { shouldFocus: true });
  };
  return (
    <Form form={form} ns="auth" onValid={({ recovery_code }) => onCode(recovery_code, refuse)}>
      <FormTextField
        label={t('mfa.recoveryCode')}
        hint={t('mfa.recoveryHint')}
        name="recovery_code"
        autoComplete="off"
        inputMode="text"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={11}
        autoFocus
      />
      <SubmitButton busy={busy} />
    </Form>
  );
}

function SubmitButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy}>
      {busy ? t('mfa.submitting') : t('mfa.submit')}
    </button>
  );
}
