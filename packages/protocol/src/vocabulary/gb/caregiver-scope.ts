import type { Vocabulary } from '../vocabulary.ts';

export const caregiverScope: Vocabulary['caregiverScope'] = {
  view_intake: 'See the intake form',
  fill_intake: 'Fill in the intake form',
  view_documents: 'See documents',
  sign_documents: 'Sign documents as authorised representative',
  view_assessments: 'See BF-ADL assessments',
  fill_assessments: 'Fill in the BF-ADL assessment',
  write_messages: 'Read and write messages to the clinic',
  view_orders: 'See equipment orders',
  act_on_orders: 'Act on equipment orders (delivery times, resupplies, proof of delivery)',
};
