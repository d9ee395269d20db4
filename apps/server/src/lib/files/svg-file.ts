import sharp from 'sharp';
import { Codes, ProtocolError } from '@portal/protocol';
import { MAX_IMAGE_PIXELS } from './image-file.ts';

/**
 * The logo is shown at most 40 CSS pixels high and 160 wide (apps/web clinic-mark.css); four
 * times that stays sharp on a 3x phone screen, in the e-mail and on the signed PDF's page.
 */
export const LOGO_RASTER_HEIGHT = 160;
export const LOGO_RASTER_MAX_WIDTH = 640;
/** librsvg draws at 72 dpi by default; beyond this an SVG's own size is absurd. */
const MAX_DENSITY = 72 * 64;

/**
 * An SVG drawn into a PNG by librsvg (inside libvips), which runs no script, loads nothing from
 * outside the file and follows no link: what comes out is pixels, so nothing active can reach
 * anyone who opens the logo, whatever the upload contained. Anything librsvg cannot draw: 10415.
 */
export async function rasteriseSvg(bytes: Uint8Array): Promise<Buffer> {
  try {
    const { format, height } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (format !== 'svg' || !height) throw new ProtocolError(Codes.fileType);
    const density = Math.min(MAX_DENSITY, Math.max(1, (72 * LOGO_RASTER_HEIGHT) / height));
    return await sharp(bytes, { density, limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: LOGO_RASTER_MAX_WIDTH, height: LOGO_RASTER_HEIGHT, fit: 'inside' })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError(Codes.fileType);
  }
}
