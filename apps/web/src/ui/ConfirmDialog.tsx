import { useId } from 'react';
import { Dialog } from './Dialog.tsx';
import { FormAlert } from './form/FormAlert.tsx';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Shown on the confirm button while the action runs. */
  busyLabel: string;
  busy: boolean;
  danger?: boolean;
  /** Translated text, shown when the server refused. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action a user may not mean (WAI-ARIA APG alert dialog): the safe choice, cancel,
 * has the focus first; Escape cancels; focus returns to the control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog title={props.title} onClose={props.onCancel} role="alertdialog" describedBy={bodyId}>
      <p id={bodyId}>{props.body}</p>
      <FormAlert message={props.error && props.error} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel} autoFocus>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.busy ? props.busyLabel : props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
