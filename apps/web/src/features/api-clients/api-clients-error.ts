import { COMMON_CODE_KEYS, errorKeyOf, refusedFieldKeys } from '../../api/error-key.ts';

/** The `api-clients` key for a failed call, or null when the API layer already told the person. */
export const apiClientsErrorKey = (error: unknown) => errorKeyOf(error, COMMON_CODE_KEYS);

/** The registration fields a 10400 named, with this form's words for them. */
export const refusedFields = (error: unknown) => refusedFieldKeys(error, ['jwks', 'scopes']);
