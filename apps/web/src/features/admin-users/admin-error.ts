import { Codes, ruleOfMessage, USER_CONFLICTS, USER_REFUSALS } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

/**
 * The `admin` i18n key of the message for a failed call, or null when the API layer already
 * told the person (spec §8 notices, the network-issue screen). A conflict is named by the
 * protocol's own message, so each rule reads in the person's language.
 */
export function adminErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  if (error.code === Codes.conflict)
    return `errors.${ruleOfMessage(USER_CONFLICTS, error.body.message) ?? 'conflict'}`;
  if (error.code === Codes.forbidden) {
    return `errors.${ruleOfMessage(USER_REFUSALS, error.body.message) ?? 'forbidden'}`;
  }
  if (error.code === Codes.itemsNotFound) return 'errors.notFound';
  if (error.code === Codes.validation) return 'errors.validation';
  return 'errors.generic';
}
