import type { ReactNode } from 'react';

interface FormAlertProps {
  message: ReactNode;
  tone?: 'error' | 'success';
  /** Lets a field point at the message. */
  id?: string;
  /** Added to the alert's own classes. */
  className?: string;
  /** What the reader can do about it (a retry button, links to the fields), below the message. */
  children?: ReactNode;
}

/** The one form- and page-level message, announced when it appears; nothing when there is none. */
export function FormAlert({ message, tone = 'error', id, className, children }: FormAlertProps) {
  if (!message) return null;
  const classes = [`form-alert form-alert--${tone}`, className].filter(Boolean).join(' ');
  const role = tone === 'error' ? 'alert' : 'status';
  if (!children) {
    return (
      <p id={id} className={classes} role={role}>
        {message}
      </p>
    );
  }
  return (
    <div id={id} className={classes} role={role}>
      <p>{message}</p>
      {children}
    </div>
  );
}
