import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface DeleteCoverageDialogProps {
  /** The coverage's type, as the patient reads it; null while the dialog is closed. */
  typeLabel: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (native <dialog>: focus is kept inside and Escape cancels). */
export function DeleteCoverageDialog({ typeLabel, pending, onConfirm, onCancel }: DeleteCoverageDialogProps) {
  const { t } = useTranslation('intake');
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (typeLabel && !dialog?.open) {
      dialog?.showModal();
      // The safe choice takes focus first (showModal would pick the first button, Delete).
      cancelRef.current?.focus();
    }
    if (!typeLabel && dialog?.open) dialog.close();
  }, [typeLabel]);
  return (
    <dialog
      ref={ref}
      className="intake-dialog"
      aria-labelledby="delete-coverage-title"
      aria-describedby="delete-coverage-body"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="delete-coverage-title">{t('insurance.deleteTitle', { type: typeLabel ?? '' })}</h2>
      <p id="delete-coverage-body">{t('insurance.deleteBody')}</p>
      <div className="intake-actions">
        <button type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
          {t('insurance.deleteConfirm')}
        </button>
        <button type="button" className="button button--secondary" ref={cancelRef} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </dialog>
  );
}
