import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Codes, DOCUMENT_CONFLICTS, ruleOfMessage, type WorklistRow } from '@portal/protocol';
import { ApiError } from '../../../api/api-error.ts';
import { useDeclineMove } from './worklist-api.ts';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

/** The key of the message for a refused move, in the person's language. */
function errorKeyOf(error: unknown): string {
  if (error instanceof ApiError && error.code === Codes.conflict) {
    return `errors.${ruleOfMessage(DOCUMENT_CONFLICTS, error.body.message) ?? 'conflict'}`;
  }
  if (error instanceof ApiError && error.code === Codes.forbidden) return 'errors.forbidden';
  return 'errors.generic';
}

/**
 * A declined document's row actions: re-send it (a new copy linked to the declined one),
 * withdraw the request (asked once more, in the row), or open the patient's conversation.
 */
export function DeclineActions({ row, patientName }: { row: WorklistRow; patientName: string }) {
  const { t } = useTranslation('clinic-worklist');
  const move = useDeclineMove();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const document = row.document!;
  const title = document.title;

  const run = (kind: 'resend' | 'cancel') =>
    move.mutate(
      kind === 'resend'
        ? { kind, id: document.assignment_id }
        : { kind, id: document.assignment_id, version: document.version },
      { onError: (e) => setError(errorKeyOf(e)) },
    );

  if (confirming) {
    return (
      <div
        className="worklist__confirm"
        role="group"
        aria-label={t('actions.confirmLabel', { title, name: patientName })}
      >
        <p>{t('actions.confirmText')}</p>
        <button
          type="button"
          className="button button--primary"
          autoFocus
          disabled={move.isPending}
          onClick={() => run('cancel')}
        >
          {t('actions.confirmWithdraw')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConfirming(false);
            requestAnimationFrame(() => withdrawButton.current?.focus());
          }}
        >
          {t('actions.keep')}
        </button>
      </div>
    );
  }
  return (
    <div className="worklist__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={move.isPending}
        aria-label={t('actions.resendLabel', { title, name: patientName })}
        onClick={() => run('resend')}
      >
        {t('actions.resend')}
      </button>
      <button
        ref={withdrawButton}
        type="button"
        className="button button--secondary"
        disabled={move.isPending}
        aria-label={t('actions.withdrawLabel', { title, name: patientName })}
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        {t('actions.withdraw')}
      </button>
      <ConversationLink row={row} patientName={patientName} />
      <FormAlert message={error && t(error)} />
    </div>
  );
}

/** Opens the patient's conversation in the inbox (their decline notice is in it). */
export function ConversationLink({ row, patientName }: { row: WorklistRow; patientName: string }) {
  const { t } = useTranslation('clinic-worklist');
  if (!row.thread_id) return null;
  return (
    <Link
      className="button button--secondary"
      to={`/messages?thread=${row.thread_id}`}
      aria-label={t('actions.conversationLabel', { name: patientName })}
    >
      {t('actions.conversation')}
    </Link>
  );
}
