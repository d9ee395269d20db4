import type { IntakeResourceName } from '@portal/protocol';

/** A complete, valid intake; SENTINEL marks values that must never appear in plaintext at rest. */
export const SENTINEL = 'Zyxwvut-sentinel-4711';

export const SAMPLE_INTAKE: Record<IntakeResourceName, Record<string, unknown>> = {
  profile: {
    first_name: 'Pat',
    last_name: 'Example',
    preferred_name: 'Patsy',
    date_of_birth: '1958-04-12',
    sex_at_birth: 'female',
    gender_identity: 'woman',
    preferred_language: 'en',
    height_cm: 165,
    weight_kg: 70.5,
  },
  contact: {
    mobile_phone: '+44 7700 900123',
    other_phone: '',
    email: 'pat@example.com',
    address: {
      line1: '1 Harbour Row',
      line2: '',
      city: 'Bristol',
      region: 'Avon',
      postal_code: 'BS1 4RN',
      country: 'gb',
    },
    preferred_contact_method: 'sms',
  },
  emergency_content: {
    contacts: [
      {
        name: 'Sam Example',
        relationship: 'spouse',
        phone: '+447700900456',
        email: 'sam@example.com',
        may_receive_information: true,
      },
    ],
  },
  treating_practitioner: {
    name: 'Dr Ada Okafor',
    specialty: 'Rehabilitation medicine',
    practice: 'Harbour Health Centre',
    phone: '+441179000000',
    fax: '',
    email: 'ada.okafor@harbour.example',
  },
  medical_history: {
    conditions: [{ name: `Osteoarthritis ${SENTINEL}`, since: '2015' }],
    surgeries: [{ name: 'Right knee replacement', date: '2019-06' }],
    medications: [{ name: 'Paracetamol', dose: '500 mg', frequency: 'twice daily' }],
    allergies: [{ substance: 'Penicillin', reaction: 'Rash', severity: 'moderate' }],
    no_known_allergies: false,
    mobility_aids: ['rollator'],
    devices: [{ name: 'Hearing aid', notes: 'left ear' }],
    smoking: 'former',
    notes: 'Prefers morning appointments.',
  },
};

export const SAMPLE_COVERAGE = {
  insurance_type: 'medicare',
  primary: true,
  payer_name: 'Medicare',
  member_id: '1EG4-TE5-MK73',
  group_number: '',
  plan_name: 'Part B',
  subscriber_name: 'Pat Example',
  subscriber_relationship: 'self',
  effective_from: '2023-01-01',
  effective_to: '',
};

/** The smallest real PNG (1×1 transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
