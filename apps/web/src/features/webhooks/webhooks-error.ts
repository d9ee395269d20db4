import { Codes } from '@portal/protocol';
import { COMMON_CODE_KEYS, errorKeyOf, refusedFieldKeys } from '../../api/error-key.ts';

const BY_CODE = { ...COMMON_CODE_KEYS, [Codes.conflict]: 'errors.conflict' };

/** The `webhooks` key for a failed call, or null when the API layer already told the person. */
export const webhooksErrorKey = (error: unknown) => errorKeyOf(error, BY_CODE);

/** The endpoint fields a 10400 named, with this form's words for them. */
export const refusedFields = (error: unknown) => refusedFieldKeys(error, ['url', 'events']);
