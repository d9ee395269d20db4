import { useTranslation } from 'react-i18next';
import { Form } from '../../ui/form/Form.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { accountErrorKey } from './account-errors.ts';
import { useDisableMfa } from './account-api.ts';
import { mfaDisableForm } from './mfa-forms.ts';

/** Turning MFA off asks for the password or a current code. */
export default function MfaDisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableMfa();
  const form = useZodForm(mfaDisableForm, { defaultValues: { proof: '' } });

  return (
    <Form
      form={form}
      ns="account"
      className="account-form"
      onValid={(proof) =>
        disable.mutate(proof, {
          onSuccess: onDone,
          onError: (failure) => {
            const key = accountErrorKey(failure);
            if (key) form.setError('proof', { message: key }, { shouldFocus: true });
          },
        })
      }
    >
      <FormTextField
        label={t('mfa.disableProof')}
        hint={t('mfa.disableHint')}
        name="proof"
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <div className="account-actions">
        <button type="submit" className="button button--primary" disabled={disable.isPending}>
          {disable.isPending ? t('working') : t('mfa.disableConfirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </Form>
  );
}
