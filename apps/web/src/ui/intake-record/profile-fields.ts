import { SexAtBirth, type Profile } from '@portal/protocol';
import type { FieldTable } from './field-spec.ts';

export const profileFields: FieldTable<Profile> = {
  scope: 'profile',
  fields: {
    first_name: { kind: 'text', half: true, autoComplete: 'given-name' },
    last_name: { kind: 'text', half: true, autoComplete: 'family-name' },
    preferred_name: { kind: 'text', optional: true, hint: 'hints.preferredName', autoComplete: 'nickname' },
    date_of_birth: { kind: 'date', autoComplete: 'bday', customError: 'errors.dateOfBirth' },
    sex_at_birth: {
      kind: 'radios',
      options: { name: 'sexAtBirth', values: SexAtBirth.options },
      hint: 'hints.sexAtBirth',
    },
    gender_identity: { kind: 'text', optional: true, hint: 'hints.genderIdentity' },
    preferred_language: { kind: 'language', hint: 'hints.preferredLanguage', autoComplete: 'language' },
    height_cm: { kind: 'number', optional: true, half: true, unit: 'units.cm' },
    weight_kg: { kind: 'number', optional: true, half: true, unit: 'units.kg' },
  },
};
