import type { Vocabulary } from '../vocabulary.ts';

export const documentEvent: Vocabulary['documentEvent'] = {
  assign: 'Created',
  send: 'Sent for signature',
  submit: 'Submitted',
  sign: 'Signed',
  accept: 'Accepted',
  countersign: 'Countersigned',
  reject: 'Declined',
  expire: 'Expired',
  cancel: 'Cancelled',
  resend: 'Sent again',
  view: 'Opened',
  open_signing: 'Opened to sign',
};
