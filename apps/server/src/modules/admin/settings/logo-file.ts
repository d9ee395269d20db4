import { Codes, LOGO_MAX_BYTES, ProtocolError, type ClinicLogo } from '@portal/protocol';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** An XML prolog, comments and a doctype may come before the root element; nothing else. */
const SVG_ROOT =
  /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
/**
 * SVG is a document that can run script. An <img> never runs it, but the file could be opened
 * on its own, so anything active is refused outright: scripts, event handlers, javascript:
 * links, embedded HTML, and entity declarations (entity expansion attacks).
 */
const SVG_ACTIVE = /<script|\son[a-z]+\s*=|javascript:|<foreignObject|<!ENTITY/i;

function svgText(bytes: Buffer): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true })
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trimStart();
    return SVG_ROOT.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The clinic logo judged by its content (protocol.md §6: 10413 beyond 512 KB, 10415 otherwise). */
export function readLogo(contentBase64: string): ClinicLogo {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw new ProtocolError(Codes.tooLarge);
  if (bytes.subarray(0, 8).equals(PNG_MAGIC))
    return { mime: 'image/png', content_base64: bytes.toString('base64') };
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC))
    return { mime: 'image/jpeg', content_base64: bytes.toString('base64') };
  const svg = svgText(bytes);
  if (svg !== undefined && !SVG_ACTIVE.test(svg)) {
    return { mime: 'image/svg+xml', content_base64: bytes.toString('base64') };
  }
  throw new ProtocolError(Codes.fileType);
}
