import { Codes, DOCUMENT_CONFLICTS } from '@portal/protocol';
import { ApiError } from '../../api/api-error.ts';

/** The assign call takes up to 200 patients; smaller chunks let the progress bar move. */
export const SEND_CHUNK = 25;

export interface SendOutcome {
  sent: number;
  /** Patients who already had this document open; the server leaves them as they are. */
  alreadyOpen: number;
}

/** The request indices a 10409 names as already holding the document open. */
function openHolders(error: unknown): Set<number> | null {
  if (!(error instanceof ApiError) || error.code !== Codes.conflict) return null;
  const indices = (error.body.errors ?? [])
    .filter((e) => e.message === DOCUMENT_CONFLICTS.alreadyOpen)
    .map((e) => Number(/^patient_ids\.(\d+)$/.exec(e.path)?.[1]));
  return indices.length > 0 && indices.every(Number.isInteger) ? new Set(indices) : null;
}

/**
 * Sends to every patient, a chunk at a time, reporting how many are done after each. A chunk
 * refused because some patients already have the document open is sent again without them; any
 * other refusal stops the run (what was sent stays sent) and is thrown.
 */
export async function sendInChunks(
  patientIds: readonly string[],
  sendChunk: (ids: string[]) => Promise<unknown>,
  onProgress: (done: number) => void,
): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, alreadyOpen: 0 };
  for (let start = 0; start < patientIds.length; start += SEND_CHUNK) {
    let chunk = patientIds.slice(start, start + SEND_CHUNK);
    try {
      await sendChunk(chunk);
    } catch (error) {
      const holders = openHolders(error);
      if (!holders) throw error;
      outcome.alreadyOpen += holders.size;
      chunk = chunk.filter((_, index) => !holders.has(index));
      if (chunk.length > 0) await sendChunk(chunk);
    }
    outcome.sent += chunk.length;
    onProgress(Math.min(start + SEND_CHUNK, patientIds.length));
  }
  return outcome;
}
