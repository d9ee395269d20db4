import { Fragment } from 'react';
import { emailBreakParts } from './email-breaks.ts';
import './email-address.css';

/** An e-mail address that wraps in narrow cells only at the @ and the dots. */
export function EmailAddress({ value }: { value: string }) {
  return (
    <span className="email-address">
      {emailBreakParts(value).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
