import { documentActionsFor, type ClinicAssignment, type DocumentAction } from '@portal/protocol';

/** Moves that end something for the patient: the confirmation is drawn as a warning. */
const ENDING: ReadonlySet<DocumentAction> = new Set(['cancel']);

/**
 * What the clinic may do with a document now, straight from the documents state table
 * (the server's own rule); texts are i18n keys `detail.documents.moves.<action>.*`.
 */
export function clinicMovesFor(document: ClinicAssignment): { action: DocumentAction; danger: boolean }[] {
  return documentActionsFor(document.status, 'clinic').map((action) => ({
    action,
    danger: ENDING.has(action),
  }));
}
