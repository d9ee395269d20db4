import { Codes, DOCUMENT_CONFLICTS, ruleOfMessage } from '@portal/protocol';
import { errorKeyOf, type CodeKeys } from '../../../api/error-key.ts';

/** The 10409 rules a move, a send or a download on a patient's documents can meet, each with its own text. */
const NAMED_CONFLICTS = new Set(['alreadyOpen', 'alreadyResent', 'notResendable', 'templateRetired']);
const KEYS = 'chart.documents.errors';

const BY_CODE = {
  [Codes.conflict]: (error) => {
    const rule = ruleOfMessage(DOCUMENT_CONFLICTS, error.body.message);
    return `${KEYS}.${rule && NAMED_CONFLICTS.has(rule) ? rule : 'conflict'}`;
  },
  [Codes.itemsNotFound]: `${KEYS}.notFound`,
  [Codes.validation]: `${KEYS}.validation`,
} satisfies CodeKeys;

/**
 * The `clinic` key of the message for a failed call on a patient's documents, or null when the
 * API layer already told the person (spec §8 notices, the network-issue screen).
 */
export const documentErrorKey = (error: unknown) => errorKeyOf(error, BY_CODE, `${KEYS}.generic`);
