import sharp from 'sharp';
import { Codes, ProtocolError } from '@portal/protocol';

export type ImageMime = 'image/png' | 'image/jpeg';

/**
 * Forty million pixels covers any phone camera's photo of a card; a larger image is refused
 * before libvips allocates it, so a small file declaring 30000 × 30000 cannot exhaust memory.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const FORMAT_MIME: Record<string, ImageMime> = { png: 'image/png', jpeg: 'image/jpeg' };

// Decoded pixels of untrusted uploads are not worth keeping between requests.
sharp.cache(false);

/**
 * Decodes the image and encodes it again in its own format. What is stored is what the decoder
 * drew: bytes a decoder ignores (a script after a PNG signature, EXIF and GPS positions, comments)
 * do not survive. The EXIF orientation is applied to the pixels before the metadata goes.
 * Anything libvips cannot decode in full, another format, or more than MAX_IMAGE_PIXELS: 10415.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  accepted: readonly ImageMime[],
): Promise<{ mime: ImageMime; bytes: Buffer }> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
    const mime = FORMAT_MIME[(await input.metadata()).format];
    if (!mime || !accepted.includes(mime)) throw new ProtocolError(Codes.fileType);
    const oriented = input.autoOrient();
    const output = mime === 'image/png' ? oriented.png() : oriented.jpeg({ quality: 85 });
    return { mime, bytes: await output.toBuffer() };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError(Codes.fileType);
  }
}
