import { ApiError } from '../../../api/api-error.ts';
import { NOTICE_CODES } from '../../../api/error-notices.ts';

/**
 * Whether a failed request needs a message on the step: the API layer already tells the
 * user about a lost connection (network-issue screen) and an ended session (spec §8 notices).
 */
export function shouldExplain(error: unknown): boolean {
  if (!(error instanceof ApiError)) return !(error instanceof Error && error.name === 'NetworkError');
  return error.status !== 401 && !NOTICE_CODES.has(error.code);
}
