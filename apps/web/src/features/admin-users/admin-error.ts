import { Codes, ruleOfMessage, USER_CONFLICTS, USER_REFUSALS } from '@portal/protocol';
import { COMMON_CODE_KEYS, errorKeyOf, type CodeKeys } from '../../api/error-key.ts';

/** A conflict or a refusal is named by the protocol's own message, so each rule reads in the person's language. */
const BY_CODE = {
  ...COMMON_CODE_KEYS,
  [Codes.conflict]: (error) => `errors.${ruleOfMessage(USER_CONFLICTS, error.body.message) ?? 'conflict'}`,
  [Codes.forbidden]: (error) => `errors.${ruleOfMessage(USER_REFUSALS, error.body.message) ?? 'forbidden'}`,
} satisfies CodeKeys;

/** The `admin` i18n key of the message for a failed call, or null when the API layer already told the person. */
export const adminErrorKey = (error: unknown) => errorKeyOf(error, BY_CODE);
