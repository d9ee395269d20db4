import type { FastifyInstance } from 'fastify';
import { Codes, ProtocolError } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { loadLogo, logoVersion } from '../settings/index.ts';

export const LOGO_PATH = '/public/logo/';

/**
 * Where the web app finds the logo, relative to the API prefix like every protocol path; the
 * version changes with the logo, so a cached copy never lingers.
 */
export async function logoPathOf(ctx: AppContext): Promise<string | null> {
  const version = await logoVersion(ctx.db);
  return version === null ? null : `${LOGO_PATH}?v=${version}`;
}

/**
 * The clinic logo as an image, public: the sign-in page shows it. It is always pixels (an SVG
 * upload is rasterised, lib/files/svg-file.ts); the sandbox CSP stays as a second wall.
 */
export async function logoRoute(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(LOGO_PATH, {
    config: { public: true },
    schema: {
      tags: ['support'],
      summary: 'The clinic logo (PNG or JPEG; an uploaded SVG is served rasterised); 10404 when none is set',
    },
    handler: async (_request, reply) => {
      const logo = await loadLogo(ctx.db);
      if (!logo) throw new ProtocolError(Codes.itemsNotFound);
      return reply
        .header('content-type', logo.mime)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(logo.content_base64, 'base64'));
    },
  });
}
