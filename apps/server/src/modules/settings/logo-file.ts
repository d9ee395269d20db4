import { Codes, LOGO_MAX_BYTES, ProtocolError, type ClinicLogo } from '@portal/protocol';
import { readUpload } from '../../lib/files/uploaded-file.ts';
import { rasteriseSvg } from '../../lib/files/svg-file.ts';
import type { WorkerPool } from '../../lib/worker-pool/worker-pool.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/**
 * The clinic logo judged by its content (protocol.md §6: 10413 beyond 512 KB, 10415 otherwise).
 * PNG and JPEG are decoded and encoded again; an SVG is drawn into a PNG, so the logo served,
 * mailed and printed is pixels only (docs/decisions: the SVG logo is rasterised).
 */
export async function readLogo(workers: WorkerPool, contentBase64: string): Promise<ClinicLogo> {
  const upload = Buffer.from(contentBase64, 'base64');
  if (upload.length > LOGO_MAX_BYTES) throw new ProtocolError(Codes.tooLarge);
  const { mime, bytes } = await readUpload(workers, upload, LOGO_TYPES);
  return { mime, content_base64: bytes.toString('base64') };
}

/**
 * A logo stored as SVG before uploads were rasterised is drawn the same way when read, so no
 * reader (the public route, mail, the signed PDF) ever gets the SVG itself; one librsvg cannot
 * draw is no logo.
 */
export async function storedLogo(logo: ClinicLogo): Promise<ClinicLogo | null> {
  if (logo.mime !== 'image/svg+xml') return logo;
  try {
    const png = await rasteriseSvg(Buffer.from(logo.content_base64, 'base64'));
    return { mime: 'image/png', content_base64: png.toString('base64') };
  } catch {
    return null;
  }
}
