import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

/**
 * The inline message for a failed auth form, or null when the API layer already told the
 * user (spec §8 notices, network-issue screen).
 */
export function apiErrorMessage(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (error instanceof ApiError) {
    if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
    if (error.code === Codes.rateLimited) return 'errors.rateLimited';
  }
  return 'errors.generic';
}
