import type { AuditEntry } from '@portal/protocol';
import { csvDocument, type CsvColumns } from '../../../lib/csv.ts';

const COLUMNS: CsvColumns<AuditEntry> = [
  ['id', (e) => e.id],
  ['at', (e) => e.at],
  ['action', (e) => e.action],
  ['outcome', (e) => e.outcome],
  ['actor_id', (e) => e.actor?.id ?? null],
  ['actor_email', (e) => e.actor?.email ?? null],
  ['subject_id', (e) => e.subject?.id ?? null],
  ['subject_email', (e) => e.subject?.email ?? null],
  // Decision 0023: a caregiver's row names the grant it acted under (the subject is the patient).
  ['grant_id', (e) => e.grant_id],
  ['target', (e) => e.target],
  ['ip', (e) => e.ip],
  ['user_agent', (e) => e.user_agent],
  ['detail', (e) => (e.detail ? JSON.stringify(e.detail) : null)],
];

/** The audit rows as the export's CSV file. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(COLUMNS, entries);
}
