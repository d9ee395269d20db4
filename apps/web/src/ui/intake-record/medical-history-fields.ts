import { AllergySeverity, MobilityAid, SmokingStatus, type MedicalHistory } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';

type Item<K extends keyof MedicalHistory> = MedicalHistory[K] extends readonly (infer E)[] ? E : never;

const condition: FieldTable<Item<'conditions'>> = {
  scope: 'condition',
  fields: {
    name: { kind: 'text' },
    since: { kind: 'partialDate', optional: true },
    notes: { kind: 'textarea', optional: true },
  },
};

const surgery: FieldTable<Item<'surgeries'>> = {
  scope: 'surgery',
  fields: {
    name: { kind: 'text' },
    date: { kind: 'partialDate', optional: true },
    notes: { kind: 'textarea', optional: true },
  },
};

const medication: FieldTable<Item<'medications'>> = {
  scope: 'medication',
  fields: {
    name: { kind: 'text' },
    dose: { kind: 'text', optional: true, half: true, hint: 'hints.dose' },
    frequency: { kind: 'text', optional: true, half: true, hint: 'hints.frequency' },
  },
};

const allergy: FieldTable<Item<'allergies'>> = {
  scope: 'allergy',
  fields: {
    substance: { kind: 'text' },
    reaction: { kind: 'text', optional: true, hint: 'hints.reaction' },
    severity: { kind: 'select', options: { name: 'severity', values: AllergySeverity.options } },
  },
};

const device: FieldTable<Item<'devices'>> = {
  scope: 'device',
  fields: {
    name: { kind: 'text', hint: 'hints.device' },
    notes: { kind: 'textarea', optional: true },
  },
};

const noAllergiesListed = (values: Record<string, unknown>) =>
  Array.isArray(values.allergies) && values.allergies.length === 0;

export const medicalHistoryFields: FieldTable<MedicalHistory> = {
  scope: 'medicalHistory',
  fields: {
    conditions: { kind: 'list', table: condition, max: 50, itemName: 'name' },
    surgeries: { kind: 'list', table: surgery, max: 50, itemName: 'name' },
    medications: { kind: 'list', table: medication, max: 50, itemName: 'name' },
    // "No known allergies" and a list of allergies exclude each other: each shows only
    // while the other is empty, so the record never says both.
    no_known_allergies: { kind: 'checkbox', visibleWhen: noAllergiesListed },
    allergies: {
      kind: 'list',
      table: allergy,
      max: 50,
      itemName: 'substance',
      visibleWhen: (values) => values.no_known_allergies !== true,
    },
    mobility_aids: { kind: 'checkboxes', options: { name: 'mobilityAid', values: MobilityAid.options } },
    devices: { kind: 'list', table: device, max: 20, itemName: 'name' },
    smoking: { kind: 'radios', options: { name: 'smoking', values: SmokingStatus.options } },
    notes: { kind: 'textarea', optional: true, hint: 'hints.medicalNotes' },
  },
};
