import type { SettingsView, SigningCertificateUpload } from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { checkCertificateUpload } from './certificate-upload.ts';
import { describeCertificate, replaceSigningCertificate } from './signing-certificate.ts';
import { readSettingsView } from './update-settings.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * Replaces the clinic's document-signing certificate once it passes every check; the next
 * signature on any node uses it. The audit row names the certificate, never the key.
 */
export async function uploadSigningCertificate(
  ctx: AppContext,
  actor: Actor,
  upload: SigningCertificateUpload,
): Promise<SettingsView> {
  const checked = checkCertificateUpload(upload, ctx.now());
  const info = describeCertificate(checked.leaf, ctx.now());
  return ctx.db.transaction(async (tx) => {
    await replaceSigningCertificate(ctx, tx, checked);
    await recordAudit(tx, actor.meta, {
      action: 'admin.settings.signing_certificate',
      outcome: 'success',
      actorId: actor.userId,
      target: 'settings',
      detail: {
        format: upload.format,
        subject: info.subject,
        issuer: info.issuer,
        fingerprint_sha256: info.fingerprint_sha256,
        not_after: info.not_after,
      },
    });
    return readSettingsView(ctx, tx);
  });
}
