import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  danger: boolean;
  busy: boolean;
  /** An i18n key in `admin`, shown when the server refused. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an account action; the safe choice (cancel) has the focus first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const bodyId = useId();
  return (
    <Dialog title={props.title} onClose={props.onCancel} role="alertdialog" describedBy={bodyId}>
      <p id={bodyId}>{props.body}</p>
      {props.error && (
        <p className="form-alert form-alert--error" role="alert">
          {t(props.error)}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel} autoFocus>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.busy ? t('common.working') : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
