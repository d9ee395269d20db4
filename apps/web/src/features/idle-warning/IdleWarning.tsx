import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownText, milestoneOf, type EndReason } from './idle-timing.ts';
import { useIdleWarning } from './use-idle-warning.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import './idle-warning.css';

/**
 * WCAG 2.1 SC 2.2.1 (decision 0010): before the session ends for idleness, a modal alert dialog
 * says when and lets the user stay signed in. Mounted by the signed-in layout, loaded lazily.
 */
export default function IdleWarning() {
  const state = useIdleWarning();
  if (!state.warning) return null;
  return (
    <IdleWarningDialog
      remainingMs={state.warning.endsAt - state.now}
      reason={state.warning.reason}
      onStay={state.staySignedIn}
      onSignOut={state.signOut}
      onAcknowledge={state.acknowledge}
    />
  );
}

interface IdleWarningDialogProps {
  remainingMs: number;
  reason: EndReason;
  onStay: () => void;
  onSignOut: () => void;
  onAcknowledge: () => void;
}

function IdleWarningDialog({
  remainingMs,
  reason,
  onStay,
  onSignOut,
  onAcknowledge,
}: IdleWarningDialogProps) {
  const { t } = useTranslation('idle');
  const firstRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  // The dialog's text is read as it opens; later only the 1-minute and 30-second marks are.
  const [openedAt] = useState(() => milestoneOf(remainingMs));
  const milestone = milestoneOf(remainingMs);
  const announcement = milestone !== openedAt && milestone !== 'open' ? t(`announce.${milestone}`) : '';
  const keep = reason === 'idle' ? onStay : onAcknowledge;

  // The native modal already makes the page inert; this keeps Tab cycling between the buttons.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <Dialog
      title={t(`${reason}.title`)}
      // Escape is the safe choice: stay signed in.
      onClose={keep}
      role="alertdialog"
      describedBy={bodyId}
      initialFocus={firstRef}
      className="idle-warning"
      onKeyDown={trapTab}
    >
      <p id={bodyId} className="idle-warning__body">
        {t(`${reason}.body`, { time: countdownText(remainingMs) })}
      </p>
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
      <div className="dialog__actions idle-warning__actions">
        <button ref={firstRef} type="button" className="button button--primary" onClick={keep}>
          {t(`${reason}.keep`)}
        </button>
        <button type="button" className="button button--secondary" onClick={onSignOut}>
          {t('signOut')}
        </button>
      </div>
    </Dialog>
  );
}
