import type { Contact } from '@portal/protocol';

/** An address on one line, as printed on the clinic's summary and prefilled into forms. */
export const addressLine = ({ line1, line2, city, region, postal_code, country }: Contact['address']) =>
  [line1, line2, city, region, postal_code, country].filter(Boolean).join(', ');
