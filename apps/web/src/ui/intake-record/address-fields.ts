import type { Contact } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';

type Address = Contact['address'];

/** The patient's own address autofills (WCAG 1.3.5); a practice's address must not. */
export function addressFields(own: boolean): FieldTable<Address> {
  const autofill = (token: string) => (own ? token : undefined);
  return {
    scope: 'address',
    fields: {
      line1: { kind: 'text', autoComplete: autofill('address-line1') },
      line2: { kind: 'text', optional: true, autoComplete: autofill('address-line2') },
      city: { kind: 'text', half: true, autoComplete: autofill('address-level2') },
      region: { kind: 'text', optional: true, half: true, autoComplete: autofill('address-level1') },
      postal_code: { kind: 'text', half: true, autoComplete: autofill('postal-code') },
      country: { kind: 'country', half: true, autoComplete: autofill('country') },
    },
  };
}
