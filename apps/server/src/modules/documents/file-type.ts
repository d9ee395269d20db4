const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Judged by the first bytes, never by a name or a declared type (protocol.md §6, 10415). */
export const looksLikePdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).equals(PDF_MAGIC);
export const looksLikePng = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).equals(PNG_MAGIC);
