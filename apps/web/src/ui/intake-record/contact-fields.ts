import { ContactMethod, type Contact } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';
import { addressFields } from './address-fields.ts';

export const contactFields: FieldTable<Contact> = {
  scope: 'contact',
  fields: {
    mobile_phone: { kind: 'tel', half: true, autoComplete: 'mobile tel' },
    other_phone: { kind: 'tel', optional: true, half: true, autoComplete: 'home tel' },
    email: { kind: 'email', autoComplete: 'email' },
    address: { kind: 'group', table: addressFields(true) },
    preferred_contact_method: {
      kind: 'radios',
      options: { name: 'contactMethod', values: ContactMethod.options },
    },
  },
};
