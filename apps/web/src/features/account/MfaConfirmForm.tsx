import { useTranslation } from 'react-i18next';
import { Form } from '../../ui/form/Form.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { accountErrorKey } from './account-errors.ts';
import { useConfirmMfa } from './account-api.ts';
import { mfaConfirmRequest } from '@portal/protocol';

/** The third step of the set-up: one code from the app proves it holds the secret. */
export default function MfaConfirmForm({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('account');
  const confirm = useConfirmMfa();
  const form = useZodForm(mfaConfirmRequest, {
    defaultValues: { code: '' },
    messageOf: () => ({ key: 'errors.codeFormat' }),
  });

  const send = ({ code }: { code: string }) =>
    confirm.mutate(code, {
      onSuccess: (answer) => onEnabled(answer.recovery_codes),
      onError: (failure) => {
        form.resetField('code');
        const key = accountErrorKey(failure);
        if (key) form.setError('code', { message: key }, { shouldFocus: true });
      },
    });

  return (
    <Form form={form} ns="account" className="account-form" onValid={send}>
      <FormTextField
        label={t('mfa.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
      />
      <button type="submit" className="button button--primary" disabled={confirm.isPending}>
        {confirm.isPending ? t('working') : t('mfa.confirm')}
      </button>
    </Form>
  );
}
