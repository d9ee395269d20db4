import type { ReactNode } from 'react';
import './fact-list.css';

/** Labelled facts read as a two-column list: a label, then its value, one row each. */
export function FactList({ facts }: { facts: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
