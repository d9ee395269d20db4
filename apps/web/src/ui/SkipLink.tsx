import type { MouseEvent } from 'react';

/** Moves focus into the main region without touching the URL (a hash would be a router navigation). */
export function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.focus();
    target?.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      {label}
    </a>
  );
}
