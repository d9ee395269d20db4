import type { Vocabulary } from '../vocabulary.ts';

export const documentStatus: Vocabulary['documentStatus'] = {
  patient: {
    draft: 'In Progress',
    submitted: 'Submitted',
    pending_signature: 'Awaiting Your Signature',
    signed: 'Signed',
    completed: 'Completed',
    rejected: 'Rejected',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  acting: {
    draft: 'In Progress',
    submitted: 'Submitted',
    pending_signature: 'Awaiting Signature',
    signed: 'Signed',
    completed: 'Completed',
    rejected: 'Rejected',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  staff: {
    draft: 'In progress',
    submitted: 'Submitted',
    pending_signature: 'Awaiting signature',
    signed: 'Signed',
    completed: 'Completed',
    rejected: 'Rejected',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
};
