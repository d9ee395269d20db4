import type { Vocabulary } from '../vocabulary.ts';

export const intakeSection: Vocabulary['intakeSection'] = {
  profile: 'Profile',
  contact: 'Contact',
  emergency_content: 'Emergency contacts',
  treating_practitioner: 'Treating practitioner',
  insurance: 'Insurance',
  medical_history: 'Medical history',
};

export const chartSection: Vocabulary['chartSection'] = {
  ...intakeSection,
  bf_adl: 'BF-ADL',
  documents: 'Documents',
};
