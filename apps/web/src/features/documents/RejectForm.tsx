import { useEffect, useId, useRef, useState } from 'react';
import { rejectDocumentRequest } from '@portal/protocol';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Form } from '../../ui/form/Form.tsx';
import { FormAlert } from '../../ui/form/FormAlert.tsx';
import { FormTextArea } from '../../ui/form/FormTextArea.tsx';
import { useZodForm } from '../../ui/form/use-zod-form.ts';
import { useActOnDocument } from './use-documents.ts';
import { useDocumentsText } from './use-documents-text.ts';

const rejectForm = rejectDocumentRequest.pick({ reason: true });

/**
 * Declining is a choice the patient may make (spec §4 rejected), with a reason for the care team;
 * it cannot be taken back, so it is confirmed first.
 */
export function RejectForm({ id }: { id: string }) {
  const { t, owner } = useDocumentsText();
  const act = useActOnDocument();
  const form = useZodForm(rejectForm, {
    defaultValues: { reason: '' },
    // The field's length is capped as it is typed, so a refused reason is an empty one.
    messageOf: () => ({ key: 'reject.required' }),
  });
  const [reason, setReason] = useState<string | null>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const headingId = useId();
  const confirming = reason !== null;

  // Back to Decline once the dialog is gone: Safari does not focus a clicked button, so the
  // dialog's own return of focus would land on the page.
  useEffect(() => {
    if (wasConfirming.current && !confirming) declineButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <details className="reject-form">
      <summary id={headingId}>{t('reject.heading')}</summary>
      <Form
        form={form}
        ns="documents"
        onValid={(value) => setReason(value.reason)}
        aria-labelledby={headingId}
      >
        <p>{owner('reject.intro')}</p>
        <FormTextArea name="reason" label={t('reject.reason')} rows={3} maxLength={1000} />
        <FormAlert message={act.isError ? t('sign.errors.generic') : null} />
        <button
          ref={declineButton}
          type="submit"
          className="button button--secondary"
          disabled={act.isPending}
        >
          {act.isPending ? t('reject.working') : t('reject.button')}
        </button>
      </Form>
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
          onConfirm={() => act.mutate({ id, action: 'reject', reason }, { onSettled: () => setReason(null) })}
          onCancel={() => setReason(null)}
        />
      )}
    </details>
  );
}
