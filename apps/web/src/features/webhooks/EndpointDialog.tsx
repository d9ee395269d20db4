import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_CATALOGUE,
  webhookEndpointCreate,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@portal/protocol';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormCheckbox } from '../../ui/form/FormCheckbox.tsx';
import { FormSubmitAlert } from '../../ui/form/FormSubmitAlert.tsx';
import { FormTextField } from '../../ui/form/FormTextField.tsx';
import { submitToServer } from '../../ui/form/submit-to-server.ts';
import { useFieldMessage } from '../../ui/form/use-field-message.ts';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useEventWords } from './use-event-words.ts';
import { useCreateEndpoint, useUpdateEndpoint } from './webhooks-api.ts';
import { refusedFields, webhooksErrorKey } from './webhooks-error.ts';

const endpointForm = webhookEndpointCreate.extend({ enabled: z.boolean() });
type EndpointForm = z.input<typeof endpointForm>;

interface EndpointDialogProps {
  /** The endpoint to edit; without it the dialog adds one. */
  endpoint?: WebhookEndpoint;
  /** After adding, the answer holds the secret to show once. */
  onDone: (created: WebhookEndpointWithSecret | null) => void;
  onCancel: () => void;
}

/** Adds an endpoint or edits one: its address, description, events and, when editing, whether it is on. */
export function EndpointDialog({ endpoint, onDone, onCancel }: EndpointDialogProps) {
  const { t } = useTranslation('webhooks');
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const form = useZodForm(endpointForm, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
    messageOf: ({ path = [] }) =>
      path[0] === 'events'
        ? { key: 'errors.chooseEvent' }
        : path[0] === 'url'
          ? { key: 'errors.url' }
          : undefined,
  });
  // The answer to an add holds the secret, and onSent hears only the values: send hands it on.
  const submit = submitToServer(form, {
    send: async ({ url, description, events, enabled }) => {
      if (!endpoint) return onDone(await create.mutateAsync({ url, description, events }));
      await update.mutateAsync({ id: endpoint.id, url, description, events, enabled });
      onDone(null);
    },
    refusalOf: (failure) => ({ form: webhooksErrorKey(failure), fields: refusedFields(failure) }),
    onSent: () => undefined,
  });
  const mode = endpoint ? 'edit' : 'add';
  return (
    <Dialog title={t(`${mode}.title`)} onClose={onCancel}>
      <Form form={form} ns="webhooks" className="webhook-form" onValid={submit}>
        <FormSubmitAlert />
        <FormTextField
          name="url"
          label={t('form.url')}
          hint={t('form.urlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <FormTextField name="description" label={t('form.description')} autoComplete="off" />
        <EventChoices />
        {endpoint && <FormCheckbox name="enabled" label={t('form.enabled')} hint={t('form.enabledHint')} />}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('form.saving') : t(`${mode}.submit`)}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

function EventChoices() {
  const { t } = useTranslation('webhooks');
  const eventWords = useEventWords();
  const { field } = useController<EndpointForm, 'events'>({ name: 'events' });
  const error = useFieldMessage('events');
  const chosen = new Set<WebhookEventType>(field.value);
  const toggle = (type: WebhookEventType, on: boolean) =>
    field.onChange(
      WEBHOOK_EVENT_CATALOGUE.map((e) => e.type).filter((e) => (e === type ? on : chosen.has(e))),
    );
  return (
    <fieldset className="webhook-form__events" aria-invalid={error ? true : undefined}>
      <legend>{t('form.events')}</legend>
      <div className="webhook-form__event-list">
        {WEBHOOK_EVENT_CATALOGUE.map(({ type }) => (
          <Checkbox
            key={type}
            label={eventWords(type)}
            hint={type}
            checked={chosen.has(type)}
            onChange={(event) => toggle(type, event.target.checked)}
          />
        ))}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
