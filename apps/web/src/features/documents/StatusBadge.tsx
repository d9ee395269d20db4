import type { DocumentStatus } from '@portal/protocol';
import { useDocumentsText } from './use-documents-text.ts';

/** The spec §4 label of a status, coloured by what it asks of the patient. */
export function StatusBadge({ status }: { status: DocumentStatus }) {
  const { owner } = useDocumentsText();
  return <span className={`status-badge status-badge--${status}`}>{owner(`status.${status}`)}</span>;
}
