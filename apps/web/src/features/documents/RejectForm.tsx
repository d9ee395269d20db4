import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useActOnDocument } from './use-documents.ts';
import { useDocumentsText } from './use-documents-text.ts';

/**
 * Declining is a choice the patient may make (spec §4 rejected), with a reason for the care team;
 * it cannot be taken back, so it is confirmed first.
 */
export function RejectForm({ id }: { id: string }) {
  const { t, owner } = useDocumentsText();
  const act = useActOnDocument();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = reason.trim() === '';
    setMissing(empty);
    if (!empty) setConfirming(true);
  };
  // Back to Decline once the dialog is gone: Safari does not focus a clicked button, so the
  // dialog's own return of focus would land on the page.
  useEffect(() => {
    if (wasConfirming.current && !confirming) declineButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <details className="reject-form">
      <summary id={headingId}>{t('reject.heading')}</summary>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <p>{owner('reject.intro')}</p>
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
        <button
          ref={declineButton}
          type="submit"
          className="button button--secondary"
          disabled={act.isPending}
        >
          {act.isPending ? t('reject.working') : t('reject.button')}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog
          title={t('reject.confirmTitle')}
          body={owner('reject.confirmBody')}
          confirmLabel={t('reject.button')}
          cancelLabel={t('reject.cancel')}
          busyLabel={t('reject.working')}
          busy={act.isPending}
          danger
          error={null}
          onConfirm={() =>
            act.mutate({ id, action: 'reject', reason }, { onSettled: () => setConfirming(false) })
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </details>
  );
}
