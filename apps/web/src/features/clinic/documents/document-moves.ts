import { documentActionsFor, type DocumentAction, type DocumentStatus } from '@portal/protocol';

/** Moves that end something for the patient: the confirmation is drawn as a warning. */
const ENDING: ReadonlySet<DocumentAction> = new Set(['cancel']);

/**
 * What the clinic may do with a document now, straight from the documents state table
 * (the server's own rule); texts are i18n keys `chart.documents.moves.<action>.*`.
 */
export function clinicMovesFor(status: DocumentStatus): { action: DocumentAction; danger: boolean }[] {
  return documentActionsFor(status, 'clinic').map((action) => ({ action, danger: ENDING.has(action) }));
}
