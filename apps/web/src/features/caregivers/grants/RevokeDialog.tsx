import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaregiverGrant } from '@portal/protocol';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

interface RevokeDialogProps {
  grant: CaregiverGrant;
  /** Whose record the grant opens, as the person revoking reads it. */
  body: string;
  busy: boolean;
  /** An i18n key in `caregivers`, shown when the server refused. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a grant ends; the safe choice (keep) has the focus first. */
export function RevokeDialog({ grant, body, busy, error, onConfirm, onCancel }: RevokeDialogProps) {
  const { t } = useTranslation('caregivers');
  const bodyId = useId();
  const who = grant.caregiver_name ?? grant.caregiver_email;
  return (
    <Dialog
      title={t('revoke.title', { name: who })}
      onClose={onCancel}
      role="alertdialog"
      describedBy={bodyId}
    >
      <p id={bodyId}>{body}</p>
      <FormAlert message={error && t(error)} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
          {t('revoke.keep')}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? t('working') : t('revoke.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
