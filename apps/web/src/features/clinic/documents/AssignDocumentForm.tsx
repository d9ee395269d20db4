import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../api/notice-store.ts';
import { SelectField } from '../../../ui/SelectField.tsx';
import { documentErrorKey } from './document-error.ts';
import { documentNotice } from './document-notice.ts';
import { useAssignChoices, useAssignDocument } from './documents-api.ts';

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
  const dueId = useId();
  const [template, setTemplate] = useState('');
  const [due, setDue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dueDay = due ?? (signingWindowDays ? daysFromToday(signingWindowDays) : '');
  if (!templates.data || templates.data.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template) {
      setError('chart.documents.assign.pick');
      return;
    }
    setError(null);
    assign.mutate(
      {
        template_id: template,
        patient_ids: [patientId],
        // The end of the chosen day where the staff member is.
        due_at: dueDay ? new Date(`${dueDay}T23:59:59`).toISOString() : undefined,
        send: true,
      },
      {
        onSuccess: () => {
          showNotice(documentNotice('assigned'));
          setTemplate('');
        },
        onError: (e) => setError(documentErrorKey(e)),
      },
    );
  };

  return (
    <form className="assign-document" onSubmit={submit} noValidate>
      <h3>{t('chart.documents.assign.title')}</h3>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {t(error)}
        </p>
      )}
      <div className="assign-document__fields">
        <SelectField
          label={t('chart.documents.assign.template')}
          value={template}
          options={[
            { value: '', label: t('chart.documents.assign.choose') },
            ...templates.data.map((option) => ({ value: option.id, label: option.title })),
          ]}
          onChange={setTemplate}
        />
        <div className="field">
          <label className="field__label" htmlFor={dueId}>
            {t('chart.documents.assign.due')}
          </label>
          <input
            id={dueId}
            type="date"
            className="field__input"
            value={dueDay}
            onChange={(e) => setDue(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={assign.isPending}>
          {assign.isPending ? t('chart.documents.working') : t('chart.documents.assign.submit')}
        </button>
      </div>
    </form>
  );
}
