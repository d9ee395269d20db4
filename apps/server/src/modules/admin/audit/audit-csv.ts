import type { AuditEntry } from '@portal/protocol';

/**
 * A cell a spreadsheet would run as a formula (OWASP CSV injection) starts with one of these;
 * tab and carriage return too, since some spreadsheets drop them and read what follows.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180 quoting, after defusing formulas with a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const COLUMNS: readonly [string, (e: AuditEntry) => string | number | null][] = [
  ['id', (e) => e.id],
  ['at', (e) => e.at],
  ['action', (e) => e.action],
  ['outcome', (e) => e.outcome],
  ['actor_id', (e) => e.actor?.id ?? null],
  ['actor_email', (e) => e.actor?.email ?? null],
  ['subject_id', (e) => e.subject?.id ?? null],
  ['subject_email', (e) => e.subject?.email ?? null],
  ['target', (e) => e.target],
  ['ip', (e) => e.ip],
  ['user_agent', (e) => e.user_agent],
  ['detail', (e) => (e.detail ? JSON.stringify(e.detail) : null)],
];

/** CRLF line ends as RFC 4180 asks; spreadsheets open it as UTF-8 thanks to the BOM. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const lines = [
    COLUMNS.map(([header]) => header).join(','),
    ...entries.map((entry) => COLUMNS.map(([, read]) => csvCell(read(entry))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
