import { Codes } from '@portal/protocol';
import { ApiError, NetworkError } from '../../api/api-error.ts';
import { NOTICE_CODES } from '../../api/error-notices.ts';

const BY_CODE: Partial<Record<number, string>> = {
  [Codes.fileType]: 'errors.fileType',
  [Codes.tooLarge]: 'errors.tooLarge',
  [Codes.validation]: 'errors.validation',
  [Codes.itemsNotFound]: 'errors.notFound',
};

/** The `messages` i18n key for a failed call, or null when the API layer already told the person. */
export function messageErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  return BY_CODE[error.code] ?? 'errors.generic';
}
