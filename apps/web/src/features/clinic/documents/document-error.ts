import { Codes, DOCUMENT_CONFLICTS, ruleOfMessage } from '@portal/protocol';
import { ApiError, NetworkError } from '../../../api/api-error.ts';
import { NOTICE_CODES } from '../../../api/error-notices.ts';

/** The 10409 rules a move, a send or a download on a patient's documents can meet, each with its own text. */
const NAMED_CONFLICTS = new Set(['alreadyOpen', 'alreadyResent', 'notResendable', 'templateRetired']);

/**
 * The `clinic` key of the message for a failed call on a patient's documents, or null when the
 * API layer already told the person (spec §8 notices, the network-issue screen).
 */
export function documentErrorKey(error: unknown): string | null {
  if (error instanceof NetworkError) return null;
  if (!(error instanceof ApiError)) return 'chart.documents.errors.generic';
  if (error.status === 401 || NOTICE_CODES.has(error.code)) return null;
  if (error.code === Codes.conflict) {
    const rule = ruleOfMessage(DOCUMENT_CONFLICTS, error.body.message);
    return `chart.documents.errors.${rule && NAMED_CONFLICTS.has(rule) ? rule : 'conflict'}`;
  }
  if (error.code === Codes.itemsNotFound) return 'chart.documents.errors.notFound';
  if (error.code === Codes.validation) return 'chart.documents.errors.validation';
  return 'chart.documents.errors.generic';
}
