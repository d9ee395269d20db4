import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, PDFString, PDFHexString } from 'pdf-lib';
import { Codes, ProtocolError } from '@portal/protocol';

/**
 * Actions a viewer would run rather than show: scripts, programs, other files, form posts and
 * embedded media. A link to a web page or a mail address (URI) stays.
 */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'ImportData',
  'SubmitForm',
  'GoToE',
  'GoToR',
  'Rendition',
  'RichMediaExecute',
  'Movie',
  'Sound',
]);
/** Keys that only carry active or embedded content, wherever they appear. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFiles', 'EF', 'XFA', 'RichMediaContent'];
const ACTIVE_TYPES = new Set(['EmbeddedFile', 'Filespec']);
const ACTIVE_SUBTYPES = new Set(['FileAttachment', 'RichMedia', 'Movie', 'Sound', 'Screen', '3D']);
/**
 * What a URI action may open. Anything else (javascript:, file:, smb:, data:, a relative path a
 * viewer resolves against the file's own folder) reaches past the web page or address the
 * reader sees.
 */
const LINK_SCHEMES = /^(?:https?|mailto|tel):/i;

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);
const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

function isActive(dict: PDFDict): boolean {
  if (ACTIVE_KEYS.some((key) => dict.has(PDFName.of(key)))) return true;
  const type = nameOf(dict.get(PDFName.of('Type')));
  const subtype = nameOf(dict.get(PDFName.of('Subtype')));
  const action = nameOf(dict.get(PDFName.of('S')));
  if ((type && ACTIVE_TYPES.has(type)) || (subtype && ACTIVE_SUBTYPES.has(subtype))) return true;
  if (action && ACTIVE_ACTIONS.has(action)) return true;
  // An article thread is a jump, unless /F names the file it lives in.
  if (action === 'Thread' && dict.has(PDFName.of('F'))) return true;
  if (action !== 'URI') return false;
  const uri = textOf(dict.get(PDFName.of('URI')));
  // Viewers drop whitespace and control characters inside a scheme, as browsers do.
  return uri === undefined || !LINK_SCHEMES.test(uri.replace(/[\s\p{Cc}]/gu, ''));
}

/**
 * Only jumps within the document run on their own: a chain of GoTo actions (with their /Next
 * ones). Opening a web page, printing or anything else the moment a file opens, closes, turns
 * a page or is hovered is refused, even where the same action behind a click is allowed.
 */
function onlyJumpsWithin(first: PDFObject | undefined, ctx: PDFContext): boolean {
  const pending = [first];
  const seen = new Set<PDFObject>();
  while (pending.length > 0) {
    const object = ctx.lookup(pending.pop());
    if (object === undefined || seen.has(object)) continue;
    seen.add(object);
    if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFDict && nameOf(object.get(PDFName.of('S'))) === 'GoTo') {
      pending.push(object.get(PDFName.of('Next')));
    } else return false;
  }
  return true;
}

/** An /OpenAction or additional action (/AA) on this dictionary that does more than jump. */
function runsOnItsOwn(dict: PDFDict, ctx: PDFContext): boolean {
  const opening = ctx.lookup(dict.get(PDFName.of('OpenAction')));
  // An open action that is an array is a destination: where the file opens.
  if (!(opening instanceof PDFArray) && !onlyJumpsWithin(opening, ctx)) return true;
  const additional = ctx.lookup(dict.get(PDFName.of('AA')));
  if (additional === undefined) return false;
  if (!(additional instanceof PDFDict)) return true;
  return additional.values().some((action) => !onlyJumpsWithin(action, ctx));
}

/** Every dictionary reachable in the file, the stream dictionaries and direct ones included. */
function* dictionaries(doc: PDFDocument): Generator<PDFDict> {
  const pending: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFStream) pending.push(object.dict);
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFDict) {
      yield object;
      pending.push(...object.values().filter((value) => !(value instanceof PDFRef)));
    }
  }
}

/** Where a reader looks for the end of a PDF: `%%EOF` within its last 1024 bytes (ISO 32000-1, Annex H). */
const TAIL_BYTES = 1024;

/**
 * What a PDF must show before anything parses it, checked on the event loop in microseconds: a
 * file that ends anywhere but in a cross-reference offset and `%%EOF` (random bytes after
 * `%PDF-`, a truncated upload) is refused at once instead of occupying a worker while pdf-lib
 * scans megabytes for objects it will not find.
 */
export function checkPdfStructure(bytes: Uint8Array): void {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .subarray(-TAIL_BYTES)
    .toString('latin1');
  const end = tail.lastIndexOf('%%EOF');
  if (end < 0 || !/startxref\s+\d+\s*$/.test(tail.slice(0, end))) {
    throw new ProtocolError(
      Codes.fileType,
      'File type is incorrect: a PDF must end with startxref and %%EOF within its last 1024 bytes',
    );
  }
}

/** What a checked PDF leaves behind: the bytes to store and its page count (a worker's answer). */
export interface CheckedPdfFile {
  bytes: Uint8Array;
  pageCount: number;
}

/** checkPdf as a worker job: plain data in and out, for the worker pool. */
export async function checkPdfFile(bytes: Uint8Array): Promise<CheckedPdfFile> {
  const { doc, bytes: checked } = await checkPdf(bytes);
  return { bytes: checked, pageCount: doc.getPageCount() };
}

/**
 * A PDF judged by parsing it, not by its first bytes: pdf-lib must read every object of it
 * (one it cannot read it would keep as raw bytes, unjudged), it must not name an encryption
 * dictionary, and it must have at least one page. One that carries anything active (scripts,
 * actions that run on their own, links that launch, submit or reach other files, embedded
 * files, XFA forms) is refused whole rather than cleaned: a clinic document that needs a
 * script is not one to pass on to patients, and a refusal leaves no doubt about what was
 * stored. Every object is judged after pdf-lib has unpacked the object streams, so how the
 * file was written (cross-reference table or compressed stream) makes no difference. Answers
 * the parsed document and the bytes to store: pdf-lib's own serialisation of what it parsed,
 * so bytes outside the document (a page of HTML after %%EOF) do not survive.
 */
export async function checkPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; bytes: Buffer }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    if (doc.context.trailerInfo.Encrypt !== undefined) throw new Error('encrypted');
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw new ProtocolError(Codes.fileType);
  }
  for (const dict of dictionaries(doc)) {
    if (isActive(dict) || runsOnItsOwn(dict, doc.context)) throw new ProtocolError(Codes.fileType);
  }
  return { doc, bytes: Buffer.from(await doc.save({ updateFieldAppearances: false })) };
}
