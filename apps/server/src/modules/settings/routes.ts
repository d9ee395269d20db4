import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeBody, LOGO_MAX_BYTES, settingsUpdate, signingCertificateUpload } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { ADMIN_ONLY, SEALED } from '../../plugins/route-access.ts';
import { readSettingsView, updateSettings } from './update-settings.ts';
import { uploadSigningCertificate } from './upload-signing-certificate.ts';

const tags = ['admin: settings'];
const sealed = { 200: envelopeBody };
/** A logo at the cap, base64 inside sealed base64 (4/3 × 4/3), with room for the other fields. */
const SETTINGS_BODY_LIMIT = Math.ceil(LOGO_MAX_BYTES * (16 / 9)) + 64 * 1024;

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/settings/', {
    config: { ...ADMIN_ONLY, permission: 'manage_settings' },
    schema: {
      tags,
      summary: 'The clinic settings; secrets only say whether they are set (sealed: SettingsView)',
      response: sealed,
    },
    handler: async (request) => request.sealed(await readSettingsView(ctx)),
  });

  r.post('/admin/settings/', {
    bodyLimit: SETTINGS_BODY_LIMIT,
    config: { ...SEALED, permission: 'manage_settings' },
    schema: {
      tags,
      summary:
        'Change the settings named in the body (null removes a secret or the logo); in force at once on every node; audited by key (sealed)',
      body: settingsUpdate,
      response: sealed,
    },
    handler: async (request) => request.sealed(await updateSettings(ctx, request.actor(), request.body)),
  });

  r.post('/admin/settings/signing_certificate/', {
    // A 64 KB PKCS#12, base64 inside sealed base64, with room for the passphrase.
    bodyLimit: 256 * 1024,
    config: { ...SEALED, permission: 'manage_settings' },
    schema: {
      tags,
      summary:
        'Replace the document-signing certificate (PKCS#12 or PEM, RSA); checked, stored encrypted, never answered; in force at once on every node; audited (sealed)',
      body: signingCertificateUpload,
      response: sealed,
    },
    handler: async (request) =>
      request.sealed(await uploadSigningCertificate(ctx, request.actor(), request.body)),
  });
}
