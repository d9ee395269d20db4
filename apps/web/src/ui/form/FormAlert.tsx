import type { ReactNode } from 'react';

/** A form-level message, announced when it appears; `id` lets a field point at it. */
export function FormAlert({
  message,
  tone = 'error',
  id,
}: {
  message: ReactNode;
  tone?: 'error' | 'success';
  id?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
