import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActOnDocument } from './use-documents.ts';

/** Declining is a choice the patient may make (spec §4 rejected), with a reason for the care team. */
export function RejectForm({ id }: { id: string }) {
  const { t } = useTranslation('documents');
  const act = useActOnDocument();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = reason.trim() === '';
    setMissing(empty);
    if (!empty) act.mutate({ id, action: 'reject', reason });
  };

  return (
    <details className="reject-form">
      <summary id={headingId}>{t('reject.heading')}</summary>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <p>{t('reject.intro')}</p>
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            {t('reject.reason')}
          </label>
          <textarea
            id={fieldId}
            name="reason"
            className="field__input"
            rows={3}
            maxLength={1000}
            value={reason}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {missing && (
            <p className="field__error" id={errorId}>
              {t('reject.required')}
            </p>
          )}
        </div>
        {act.isError && (
          <p className="form-alert form-alert--error" role="alert">
            {t('sign.errors.generic')}
          </p>
        )}
        <button type="submit" className="button button--secondary" disabled={act.isPending}>
          {act.isPending ? t('reject.working') : t('reject.button')}
        </button>
      </form>
    </details>
  );
}
