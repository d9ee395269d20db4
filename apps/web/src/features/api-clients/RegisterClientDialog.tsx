import { useId, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fhirClientRegistration, type FhirClientRegistration } from '@portal/protocol';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormSubmitAlert } from '../../ui/form/FormSubmitAlert.tsx';
import { FormTextArea } from '../../ui/form/FormTextArea.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { submitToServer } from '../../ui/form/submit-to-server.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useRegisterApiClient } from './api-clients-api.ts';
import { apiClientsErrorKey, refusedFields } from './api-clients-error.ts';

/** Read and search of every type the API serves. */
export const EVERY_TYPE_SCOPE = 'system/*.rs';
const typeOf = (scope: string) => scope.slice('system/'.length, -'.rs'.length);

interface RegisterClientDialogProps {
  /** What the server offers (`scopes_supported`), `system/*.rs` first. */
  scopes: readonly string[];
  onDone: (client: FhirClientRegistration) => void;
  onCancel: () => void;
}

/** Registers a client: its name, the JWK Set of its public keys (pasted or from a file), its scopes. */
export function RegisterClientDialog({ scopes, onDone, onCancel }: RegisterClientDialogProps) {
  const { t } = useTranslation('api-clients');
  const register = useRegisterApiClient();
  const form = useZodForm(fhirClientRegistration, {
    defaultValues: { name: '', jwks: '', scopes: [] },
    messageOf: ({ path = [] }) => (path[0] === 'scopes' ? { key: 'errors.chooseScope' } : undefined),
  });
  const submit = submitToServer(form, {
    send: (registration) => register.mutateAsync(registration),
    refusalOf: (failure) => ({ form: apiClientsErrorKey(failure), fields: refusedFields(failure) }),
    onSent: onDone,
  });
  return (
    <Dialog title={t('register.title')} onClose={onCancel}>
      <Form form={form} ns="api-clients" className="api-client-form" onValid={submit}>
        <FormSubmitAlert />
        <FormTextField name="name" label={t('register.name')} autoComplete="off" required />
        <FormTextArea
          name="jwks"
          label={t('register.jwks')}
          hint={t('register.jwksHint')}
          rows={6}
          spellCheck={false}
          className="api-client-form__jwks"
          required
        />
        <JwksFile />
        <ScopeChoices scopes={scopes} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('register.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('register.saving') : t('register.submit')}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** A .json file chosen instead of pasting: its text fills the key set field. */
function JwksFile() {
  const { t } = useTranslation('api-clients');
  const { setValue, formState } = useFormContext<FhirClientRegistration>();
  const id = useId();
  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file)
      setValue('jwks', await file.text(), { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('register.jwksFile')}
      </label>
      <input id={id} type="file" accept=".json,application/json" onChange={chosen} />
    </div>
  );
}

/** Every type, or the types chosen one by one; every type makes the single choices moot. */
function ScopeChoices({ scopes }: { scopes: readonly string[] }) {
  const { t } = useTranslation('api-clients');
  const { field } = useController<FhirClientRegistration, 'scopes'>({ name: 'scopes' });
  const error = useFieldMessage('scopes');
  const chosen = new Set(field.value);
  const everyType = chosen.has(EVERY_TYPE_SCOPE);
  const toggle = (scope: string, on: boolean) =>
    field.onChange(
      scope === EVERY_TYPE_SCOPE && on
        ? [EVERY_TYPE_SCOPE]
        : scopes.filter((s) => (s === scope ? on : chosen.has(s))),
    );
  return (
    <fieldset className="api-client-form__scopes" aria-invalid={error ? true : undefined}>
      <legend>{t('register.scopes')}</legend>
      <Checkbox
        label={t('register.everyType')}
        hint={EVERY_TYPE_SCOPE}
        checked={everyType}
        onChange={(event) => toggle(EVERY_TYPE_SCOPE, event.target.checked)}
      />
      <div className="api-client-form__types">
        {scopes
          .filter((scope) => scope !== EVERY_TYPE_SCOPE)
          .map((scope) => (
            <Checkbox
              key={scope}
              label={typeOf(scope)}
              checked={everyType || chosen.has(scope)}
              disabled={everyType}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
          ))}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
