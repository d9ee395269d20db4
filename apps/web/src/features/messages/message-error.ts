import { Codes } from '@portal/protocol';
import { errorKeyOf } from '../../api/error-key.ts';

const BY_CODE = {
  [Codes.fileType]: 'errors.fileType',
  [Codes.tooLarge]: 'errors.tooLarge',
  [Codes.validation]: 'errors.validation',
  [Codes.itemsNotFound]: 'errors.notFound',
};

/** The `messages` i18n key for a failed call, or null when the API layer already told the person. */
export const messageErrorKey = (error: unknown) => errorKeyOf(error, BY_CODE);
