import { Relationship, type EmergencyContent } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';

type EmergencyContact = EmergencyContent['contacts'][number];

const personFields: FieldTable<EmergencyContact> = {
  scope: 'emergencyContact',
  fields: {
    name: { kind: 'text' },
    relationship: { kind: 'select', options: { name: 'relationship', values: Relationship.options } },
    phone: { kind: 'tel', half: true },
    other_phone: { kind: 'tel', optional: true, half: true },
    email: { kind: 'email', optional: true },
    // HIPAA: whether the clinic may discuss the patient's care with this person.
    may_receive_information: { kind: 'checkbox', hint: 'hints.mayReceiveInformation' },
  },
};

export const emergencyContactFields: FieldTable<EmergencyContent> = {
  scope: 'emergencyContent',
  fields: {
    contacts: { kind: 'list', table: personFields, min: 1, max: 5, itemName: 'name' },
  },
};
