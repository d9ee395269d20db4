import type { TreatingPractitioner } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';
import { addressFields } from './address-fields.ts';

export const practitionerFields: FieldTable<TreatingPractitioner> = {
  scope: 'practitioner',
  fields: {
    name: { kind: 'text', hint: 'hints.practitionerName' },
    specialty: { kind: 'text', optional: true, half: true },
    practice: { kind: 'text', optional: true, half: true },
    phone: { kind: 'tel', optional: true, half: true },
    fax: { kind: 'tel', optional: true, half: true },
    email: { kind: 'email', optional: true },
    address: { kind: 'group', optional: true, table: addressFields(false) },
  },
};
