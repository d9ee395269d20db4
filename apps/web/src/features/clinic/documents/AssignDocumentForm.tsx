import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { assignDocumentRequest } from '@portal/protocol';
import { showNotice } from '../../../api/notice-store.ts';
import { Form } from '../../../ui/form/Form.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { FormSelectField } from '../../../ui/form/FormSelectField.tsx';
import { FormTextField } from '../../../ui/form/FormTextField.tsx';
import { useZodForm } from '../../../ui/form/use-zod-form.ts';
import { documentErrorKey } from './document-error.ts';
import { documentNotice } from './document-notice.ts';
import { useAssignChoices, useAssignDocument } from './documents-api.ts';

/** The request's template, and its due time as the day the date input gives (none: never due). */
const assignSchema = z.object({
  template_id: assignDocumentRequest.shape.template_id,
  due_day: z.union([z.literal(''), z.iso.date()]),
});

/** YYYY-MM-DD `days` from today, in the staff member's own calendar. */
function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Sends a signature template to this patient; the due date starts from the clinic's signing window. */
export function AssignDocumentForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation('clinic');
  const { templates, signingWindowDays } = useAssignChoices(patientId);
  const assign = useAssignDocument(patientId);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(assignSchema, {
    // The window arrives with the settings; a day the person chose stays.
    values: { template_id: '', due_day: signingWindowDays ? daysFromToday(signingWindowDays) : '' },
    resetOptions: { keepDirtyValues: true },
    messageOf: (issue) =>
      issue.path?.[0] === 'template_id' ? { key: 'chart.documents.assign.pick' } : undefined,
  });
  if (!templates.data || templates.data.length === 0) return null;

  return (
    <Form
      form={form}
      ns="clinic"
      className="assign-document"
      onValid={({ template_id, due_day }) => {
        setError(null);
        assign.mutate(
          {
            template_id,
            patient_ids: [patientId],
            // The end of the chosen day where the staff member is.
            due_at: due_day ? new Date(`${due_day}T23:59:59`).toISOString() : undefined,
            send: true,
          },
          {
            onSuccess: () => {
              showNotice(documentNotice('assigned'));
              form.resetField('template_id');
            },
            onError: (e) => setError(documentErrorKey(e)),
          },
        );
      }}
    >
      <h3>{t('chart.documents.assign.title')}</h3>
      <FormAlert message={error && t(error)} />
      <div className="assign-document__fields">
        <FormSelectField
          name="template_id"
          label={t('chart.documents.assign.template')}
          options={[
            { value: '', label: t('chart.documents.assign.choose') },
            ...templates.data.map((option) => ({ value: option.id, label: option.title })),
          ]}
        />
        <FormTextField name="due_day" label={t('chart.documents.assign.due')} type="date" />
        <button type="submit" className="button button--primary" disabled={assign.isPending}>
          {assign.isPending ? t('chart.documents.working') : t('chart.documents.assign.submit')}
        </button>
      </div>
    </Form>
  );
}
