import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog.tsx';

interface DeleteCoverageDialogProps {
  /** The coverage's type, as the patient reads it; null while the dialog is closed. */
  typeLabel: string | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a coverage and its card images are deleted. */
export function DeleteCoverageDialog({ typeLabel, pending, onConfirm, onCancel }: DeleteCoverageDialogProps) {
  if (typeLabel === null) return null;
  return <OpenDialog typeLabel={typeLabel} pending={pending} onConfirm={onConfirm} onCancel={onCancel} />;
}

function OpenDialog({
  typeLabel,
  pending,
  onConfirm,
  onCancel,
}: DeleteCoverageDialogProps & { typeLabel: string }) {
  const { t } = useTranslation('intake');
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={t('insurance.deleteTitle', { type: typeLabel })}
      onClose={onCancel}
      describedBy={bodyId}
      // The safe choice takes focus first (showModal would pick the first button, Delete).
      initialFocus={cancelRef}
    >
      <p id={bodyId}>{t('insurance.deleteBody')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
          {t('insurance.deleteConfirm')}
        </button>
        <button type="button" className="button button--secondary" ref={cancelRef} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
