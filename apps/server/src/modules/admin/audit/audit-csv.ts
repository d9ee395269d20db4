import type { AuditEntry } from '@portal/protocol';
import { csvHeaderLine, csvLine, type CsvColumns } from '../../../lib/csv.ts';

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

/** The export's CSV file starts with this line, */
export const AUDIT_CSV_HEADER = csvHeaderLine(COLUMNS);

/** and has one of these per audit row. */
export const auditCsvLine = (entry: AuditEntry): string => csvLine(COLUMNS, entry);
