import { useEffect, useId, useRef, type KeyboardEventHandler, type ReactNode, type RefObject } from 'react';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a confirmation that asks before something happens (WAI-ARIA APG). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** What takes focus as it opens, when not the first control (a confirmation's safe choice). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A modifier class beside `dialog`, for a dialog's own layout. */
  className?: string;
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside) and Escape cancels. Mounted while open; focus returns to what opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  describedBy,
  initialFocus,
  className,
  onKeyDown,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    initialFocus?.current?.focus();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the component decides, so React state and the element never disagree.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
