/**
 * The portal's one CSV writer (the audit export; any clinic export that writes CSV uses it too):
 * RFC 4180 quoting, CRLF line ends, a BOM so spreadsheets read UTF-8, and formulas defused.
 */

export type CsvValue = string | number | null;
export type CsvColumns<T> = readonly (readonly [header: string, read: (row: T) => CsvValue])[];

/**
 * What a spreadsheet runs as a formula (OWASP CSV injection; ASVS 5.0 1.2.10): a cell starting
 * with = + - @, tab or carriage return (some spreadsheets drop those two and read what follows),
 * or NUL. A spreadsheet that splits cells on `;`, `,`, tab or `|` (a locale's list separator, a
 * guessed delimiter) starts a new cell after each, so such a start right after one of them is a
 * formula too: `a;=1+1` runs in a spreadsheet that splits on `;`, and so does `a; =1+1` in one
 * that trims the spaces around a cell. Each gets the single quote OWASP prescribes in front of
 * it, which makes the spreadsheet read the cell as text.
 */
const FORMULA_AT_A_CELL_START = /(^|[;,\t|])( *)(?=[=+\-@\t\r\0])/g;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  const text = String(value).replace(FORMULA_AT_A_CELL_START, "$1$2'");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's first line: a BOM so spreadsheets read UTF-8, then the headers. */
export function csvHeaderLine<T>(columns: CsvColumns<T>): string {
  return `\uFEFF${columns.map(([header]) => csvCell(header)).join(',')}\r\n`;
}

/** One row's line, each cell through csvCell: a file is its header line and these, written as they are read. */
export function csvLine<T>(columns: CsvColumns<T>, row: T): string {
  return `${columns.map(([, read]) => csvCell(read(row))).join(',')}\r\n`;
}
