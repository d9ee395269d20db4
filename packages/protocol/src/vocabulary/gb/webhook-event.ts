import type { Vocabulary } from '../vocabulary.ts';

export const webhookEvent: Vocabulary['webhookEvent'] = {
  'intake.handed_in': 'Intake handed in',
  'intake.reviewed': 'Intake reviewed',
  'assessment.submitted': 'BF-ADL assessment handed in',
  'document.signed': 'Document signed',
  'document.declined': 'Document declined',
  'document.expired': 'Document expired',
  'order.status_changed': 'Equipment order status changed',
  'grant.changed': 'Caregiver access changed',
};
