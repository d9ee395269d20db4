import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { DocumentDetail, SettingsView, SigningCertificateUpload } from '@portal/protocol';
import type { PortalClient } from '@portal/protocol/testing';
import { auditLog, signingCertificates } from '../../../src/db/schema/index.ts';
import { DEMO_ADMIN, freshDatabase, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import {
  addPatient,
  assign,
  pdfsig,
  SIGNATURE_FIELDS,
  signDrawn,
  uploadTemplate,
} from '../../../testing/documents.ts';
import { DAY, makeCertificate, pkcs12Of } from '../../../testing/certificates.ts';
import { codeOf, messageOf, pathsOf, sealedPost } from '../../../testing/answers.ts';

/** The certificate the PKCS#7 signature inside a signed PDF carries (its /Contents, hex, zero-padded). */
function signerCertificate(pdf: Buffer): X509Certificate {
  const hex = /\/Contents\s*<([0-9A-Fa-f]+)>/.exec(pdf.toString('latin1'))![1]!.replace(/(00)+$/, '');
  const der = forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex);
  const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der, false)) as {
    certificates: forge.pki.Certificate[];
  };
  return new X509Certificate(forge.pki.certificateToPem(p7.certificates[0]!));
}

const upload = (admin: PortalClient, body: SigningCertificateUpload) =>
  sealedPost(admin, '/admin/settings/signing_certificate/', body);

/** A patient signs one fresh document; the signed PDF's bytes. */
async function signOne(admin: PortalClient, patient: { id: string; client: PortalClient }): Promise<Buffer> {
  const template = await uploadTemplate(admin, { fields: SIGNATURE_FIELDS });
  const [assignment] = await assign(admin, template.id, [patient.id], {
    due_at: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  await signDrawn(patient.client, assignment!.id);
  const detail = await patient.client.get<DocumentDetail>('/patient/document/', { id: assignment!.id });
  return Buffer.from(detail.pdf_base64, 'base64');
}

describe('the signing certificate upload', () => {
  let t: TestPortal;
  let admin: PortalClient;
  let patient: { id: string; client: PortalClient };
  beforeAll(async () => {
    t = await startTestPortal();
    admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    patient = await addPatient(t, 'Morgan');
  });
  afterAll(() => t.close());

  it('takes a PKCS#12 with its passphrase; the next signed PDF carries that certificate, and pdfsig accepts it', async () => {
    const before = signerCertificate(await signOne(admin, patient));
    expect(before.subject).toContain('document signing');

    const made = makeCertificate();
    const answer = await upload(admin, {
      format: 'pkcs12',
      content_base64: pkcs12Of(made, 'correct horse battery'),
      passphrase: 'correct horse battery',
    });
    expect(answer.status).toBe(200);
    const expected = new X509Certificate(made.certificatePem);
    const view = answer.data as SettingsView;
    expect(view.signing_certificate).toMatchObject({
      subject: 'CN=Harbour Clinic Signing 2026, O=Harbour Clinic',
      issuer: 'CN=Harbour Clinic Signing 2026, O=Harbour Clinic',
      fingerprint_sha256: expected.fingerprint256,
      self_signed: true,
    });
    expect((await admin.get<SettingsView>('/admin/settings/')).signing_certificate?.fingerprint_sha256).toBe(
      expected.fingerprint256,
    );

    const pdf = await signOne(admin, patient);
    expect(signerCertificate(pdf).fingerprint256).toBe(expected.fingerprint256);
    const report = await pdfsig(t.dataDir, pdf);
    expect(report).toContain('Signer Certificate Common Name: Harbour Clinic Signing 2026');
    expect(report).toContain('Signature is Valid');
  });

  it('keeps the key write-only: encrypted at rest, never answered, never logged; the upload is audited by certificate', async () => {
    const made = makeCertificate({ cn: 'Write Only Test' });
    const keyPem = made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const answer = await upload(admin, {
      format: 'pem',
      certificate_pem: made.certificatePem,
      private_key_pem: keyPem,
    });
    expect(answer.status).toBe(200);
    const keyBody = keyPem.split('\n')[1]!;
    expect(JSON.stringify(answer.data)).not.toContain(keyBody);
    expect(JSON.stringify(await admin.get('/admin/settings/'))).not.toContain('PRIVATE KEY');
    const [row] = await t.portal.ctx.db.select().from(signingCertificates);
    expect(Buffer.from(row!.privateKey).toString('latin1')).not.toContain('PRIVATE KEY');
    expect(t.logs.join('')).not.toContain(keyBody);
    const [audit] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.settings.signing_certificate'))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(audit).toMatchObject({
      outcome: 'success',
      detail: {
        format: 'pem',
        subject: 'CN=Write Only Test, O=Harbour Clinic',
        fingerprint_sha256: new X509Certificate(made.certificatePem).fingerprint256,
      },
    });
    expect(JSON.stringify(audit)).not.toContain(keyBody);
  });

  it('opens an encrypted PEM key with its passphrase', async () => {
    const made = makeCertificate({ cn: 'Encrypted Key' });
    const encrypted = made.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'key passphrase' })
      .toString();
    const body = { format: 'pem' as const, certificate_pem: made.certificatePem, private_key_pem: encrypted };
    const wrong = await upload(admin, { ...body, passphrase: 'not it' });
    expect([codeOf(wrong), pathsOf(wrong)]).toEqual([10400, ['passphrase']]);
    // About 1 wrong passphrase in 200 passes the padding check and decrypts to bytes that are no
    // key (OpenSSL: unsupported, not bad decrypt): it is still the passphrase that is wrong.
    const notAKey = Array.from({ length: 20_000 }, (_, i) => `not it ${i}`).find((guess) => {
      try {
        createPrivateKey({ key: encrypted, format: 'pem', passphrase: guess });
      } catch (error) {
        return (error as { code?: string }).code !== 'ERR_OSSL_BAD_DECRYPT';
      }
      return false;
    });
    expect(notAKey).toBeDefined();
    const unlucky = await upload(admin, { ...body, passphrase: notAKey });
    expect([codeOf(unlucky), pathsOf(unlucky)]).toEqual([10400, ['passphrase']]);
    expect((await upload(admin, { ...body, passphrase: 'key passphrase' })).status).toBe(200);
  });

  it('refuses what cannot sign with 10400 naming the field, and keeps the certificate in force', async () => {
    const inForce = (await admin.get<SettingsView>('/admin/settings/')).signing_certificate;
    const good = makeCertificate();
    const pem = (made: ReturnType<typeof makeCertificate>, key = made.privateKey) => ({
      format: 'pem' as const,
      certificate_pem: made.certificatePem,
      private_key_pem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const expired = makeCertificate({
      from: new Date(Date.now() - 400 * DAY),
      to: new Date(Date.now() - DAY),
    });
    const notYet = makeCertificate({ from: new Date(Date.now() + 10 * DAY) });
    const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const cases: [SigningCertificateUpload, string, RegExp][] = [
      [
        { format: 'pkcs12', content_base64: pkcs12Of(good, 'right'), passphrase: 'wrong' },
        'passphrase',
        /passphrase/,
      ],
      [
        { format: 'pkcs12', content_base64: Buffer.from('not a p12').toString('base64'), passphrase: '' },
        'content_base64',
        /PKCS#12/,
      ],
      [pem(good, makeCertificate().privateKey), 'certificate_pem', /does not belong/],
      [pem(expired), 'certificate_pem', /has expired/],
      [pem(notYet), 'certificate_pem', /not valid yet/],
      [pem(makeCertificate({ bits: 1024 })), 'private_key_pem', /2048 bits/],
      [pem(good, ecKey), 'private_key_pem', /Only RSA/],
      [{ ...pem(good), certificate_pem: 'hello' }, 'certificate_pem', /No certificate/],
      [{ ...pem(good), private_key_pem: 'hello' }, 'private_key_pem', /could not be read/],
    ];
    for (const [body, path, message] of cases) {
      const answer = await upload(admin, body);
      expect([answer.status, codeOf(answer), pathsOf(answer)], path).toEqual([400, 10400, [path]]);
      expect(messageOf(answer)).toMatch(message);
    }
    expect((await admin.get<SettingsView>('/admin/settings/')).signing_certificate).toEqual(inForce);
  });
});

describe('a certificate uploaded on one node', () => {
  it('signs the next document on another node at once', async () => {
    const db = await freshDatabase();
    const a = await startTestPortal({ database: db.target });
    const b = await startTestPortal({ database: db.target, env: { PORTAL_DEMO: '0' } });
    try {
      const adminOnA = await a.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
      const patientOnB = await addPatient(b, 'Morgan');
      // Node B signs once first, so it holds the self-signed certificate in memory.
      await signOne(adminOnA, patientOnB);
      const made = makeCertificate({ cn: 'Every Node' });
      const answer = await upload(adminOnA, {
        format: 'pem',
        certificate_pem: made.certificatePem,
        private_key_pem: made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      });
      expect(answer.status).toBe(200);
      const pdf = await signOne(adminOnA, patientOnB);
      expect(signerCertificate(pdf).fingerprint256).toBe(
        new X509Certificate(made.certificatePem).fingerprint256,
      );
    } finally {
      await b.close();
      await a.close();
      await db.drop();
    }
  });
});
