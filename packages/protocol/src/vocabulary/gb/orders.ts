import type { Vocabulary } from '../vocabulary.ts';

export const orderStatus: Vocabulary['orderStatus'] = {
  draft: 'Draft',
  submitted: 'Ordered',
  on_hold: 'On hold',
  approved: 'Approved',
  delivery_scheduled: 'Delivery booked',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  in_rental: 'Rented',
  return_scheduled: 'Collection booked',
  returned: 'Returned',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const holdReason: Vocabulary['holdReason'] = {
  prescription_needed: 'Prescription needed',
  prior_authorisation_pending: 'Prior authorisation pending',
  insurance_issue: 'Insurance details needed',
  assessment_needed: 'BF-ADL assessment needed',
  signature_needed: 'Your signature needed',
  patient_unreachable: 'We could not reach you',
};

export const holdReasonStaff: Vocabulary['holdReasonStaff'] = {
  prescription_needed: 'Prescription needed',
  prior_authorisation_pending: 'Prior authorisation pending',
  insurance_issue: 'Insurance issue',
  assessment_needed: 'BF-ADL assessment needed',
  signature_needed: 'Patient signature needed',
  patient_unreachable: 'Patient unreachable',
};

export const orderEvent: Vocabulary['orderEvent'] = {
  create: 'Order written',
  submit: 'Ordered',
  hold: 'Put on hold',
  clear_hold: 'Hold cleared',
  release: 'No longer on hold',
  approve: 'Approved',
  offer_slots: 'Delivery times offered',
  schedule: 'Delivery booked',
  dispatch: 'Out for delivery',
  deliver: 'Delivered',
  start_rental: 'Rental started',
  schedule_return: 'Collection booked',
  return: 'Returned',
  complete: 'Completed',
  cancel: 'Cancelled',
};

export const catalogueCategory: Vocabulary['catalogueCategory'] = {
  mobility: 'Mobility',
  respiratory: 'Breathing',
  bathroom: 'Bathroom',
  bedroom: 'Bedroom',
  supplies: 'Supplies',
};

export const designeeRelationship: Vocabulary['designeeRelationship'] = {
  spouse: 'Spouse',
  partner: 'Partner',
  son: 'Son',
  daughter: 'Daughter',
  parent: 'Parent',
  sibling: 'Brother or sister',
  other_relative: 'Other relative',
  friend: 'Friend',
  neighbour: 'Neighbour',
  carer: 'Carer',
  other: 'Other',
};
