import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

/**
 * An i18n key (namespace `account`) for a refused account call, or null when the API layer
 * already told the person (session notices, network screen). Wrong codes and passwords are
 * 10400 at their field; 10409 means the screen was out of date.
 */
export function accountErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (error instanceof ApiError) {
    if (NOTICE_CODES.has(error.code)) return null;
    if (error.code === Codes.validation) {
      const path = error.body.errors?.[0]?.path;
      return path === 'password' ? 'errors.wrongPassword' : 'errors.wrongCode';
    }
    if (error.code === Codes.conflict || error.code === Codes.itemsNotFound) return 'errors.outOfDate';
    if (error.code === Codes.rateLimited) return 'errors.rateLimited';
  }
  return 'errors.generic';
}
