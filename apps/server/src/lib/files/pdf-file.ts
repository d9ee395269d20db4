import type { PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, PDFString, PDFHexString } from 'pdf-lib';
import { Codes, ProtocolError } from '@portal/protocol';

/**
 * Actions a viewer would run rather than show: scripts, programs, other files, form posts and
 * embedded media. A link to a web page (URI) stays, unless it is a javascript: one.
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
  const uri = action === 'URI' ? textOf(dict.get(PDFName.of('URI'))) : undefined;
  // Viewers drop whitespace and control characters inside a scheme, as browsers do.
  return uri !== undefined && /^javascript:/i.test(uri.replace(/[\s\p{Cc}]/gu, ''));
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

/**
 * A PDF judged by parsing it, not by its first bytes: it must load in pdf-lib, not be encrypted
 * (pdf-lib then refuses it), and have at least one page. One that carries anything active
 * (scripts, open or page actions that launch or submit, embedded files, XFA forms) is refused
 * whole rather than cleaned: a clinic document that needs a script is not one to pass on to
 * patients, and a refusal leaves no doubt about what was stored. Answers the parsed document
 * and the bytes to store: pdf-lib's own serialisation of what it parsed, so bytes outside the
 * document (a page of HTML after %%EOF) do not survive.
 */
export async function checkPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; bytes: Buffer }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw new ProtocolError(Codes.fileType);
  }
  for (const dict of dictionaries(doc)) {
    if (isActive(dict)) throw new ProtocolError(Codes.fileType);
  }
  return { doc, bytes: Buffer.from(await doc.save({ updateFieldAppearances: false })) };
}
