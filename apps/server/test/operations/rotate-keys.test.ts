import { and, eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import * as schema from '../../src/db/schema/index.ts';
import {
  bulkExportFiles,
  bulkExports,
  documentFiles,
  fhirClients,
  messageAttachments,
  mfaFactors,
  patientResources,
  settings,
  users,
  webhookEndpoints,
} from '../../src/db/schema/index.ts';
import { fileContext } from '../../src/modules/fhir/bulk/ndjson-files.ts';
import {
  newSecret,
  openSecret,
  sealSecret as sealWebhookSecret,
} from '../../src/modules/webhooks/endpoint-secrets.ts';
import { DataCipher } from '../../src/lib/data-cipher.ts';
import { ENCRYPTED_COLUMNS } from '../../src/lib/key-rotation.ts';
import { loadSecret, sealSecret } from '../../src/modules/settings/settings-queries.ts';
import { loadDraft, saveDraft } from '../../src/modules/assessment/assessment-queries.ts';
import { loadDocumentFile } from '../../src/db/document-files.ts';
import { openTotpSecret, sealTotpSecret } from '../../src/modules/auth/mfa-factor.ts';
import {
  appendMessage,
  ensurePatientThread,
  readAttachment,
  threadMessages,
} from '../../src/modules/messages/message-queries.ts';
import { loadPatientResource, savePatientResource } from '../../src/modules/patient/resource-queries.ts';
import { grantsOfPatient } from '../../src/modules/caregivers/grant-queries.ts';
import { findPatientsBornOn } from '../../src/modules/patient/index.ts';
import { freshPostgres, spawnProcess } from '../../testing/spawn-portal.ts';
import { DEMO_PATIENT, startTestPortal } from '../../testing/test-portal.ts';
import { EXIT_USAGE } from '../../../../scripts/parse-cli.mjs';

const OLD_KEY = 'd4'.repeat(32);
const NEW_KEY = 'e5'.repeat(32);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What a patient's records read as through the stores, for comparing before and after. */
async function readEverything(ctx: AppContext, patientId: string) {
  const [thread] = await ctx.db
    .execute(sql`select id from message_threads where patient_id = ${patientId}`)
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  const [attachment] = await ctx.db.select({ id: messageAttachments.id }).from(messageAttachments);
  const files = await ctx.db.select({ id: documentFiles.id }).from(documentFiles).orderBy(documentFiles.id);
  const [factor] = await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.userId, patientId));
  return {
    profile: await loadPatientResource(ctx, ctx.db, patientId, 'profile'),
    contact: await loadPatientResource(ctx, ctx.db, patientId, 'contact'),
    draft: (await loadDraft(ctx, ctx.db, patientId, 'bf_adl'))?.answers,
    secret: await loadSecret(ctx, 'zendesk_secret'),
    totp: openTotpSecret(ctx, patientId, factor!.secret),
    messages: (await threadMessages(ctx, ctx.db, thread!.id, 'clinic')).map((m) => JSON.stringify(m)),
    attachment: (await readAttachment(ctx, ctx.db, attachment!.id)) as unknown,
    caregivers: await grantsOfPatient(ctx, ctx.db, patientId),
    documents: await Promise.all(
      files.map(async (f) => (await loadDocumentFile(ctx, ctx.db, f.id)).bytes.toString('base64')),
    ),
    webhookSecrets: (await ctx.db.select().from(webhookEndpoints)).map((e) => [
      openSecret(ctx, e.secret),
      e.previousSecret && openSecret(ctx, e.previousSecret),
    ]),
    exportFiles: (await ctx.db.select().from(bulkExportFiles)).map((f) =>
      ctx.cipher.decrypt(f.content, fileContext(f.exportId, f.id)).toString('utf8'),
    ),
  };
}

/** A webhook endpoint in the middle of a secret's rotation, and a bulk export's sealed file. */
async function seedIntegration(ctx: AppContext) {
  await ctx.db.insert(webhookEndpoints).values({
    url: 'https://engine.example/hooks',
    events: ['document.signed'],
    secret: sealWebhookSecret(ctx, newSecret()),
    previousSecret: sealWebhookSecret(ctx, newSecret()),
    previousSecretUntil: new Date(Date.now() + 3_600_000),
  });
  const [client] = await ctx.db
    .insert(fhirClients)
    .values({ name: 'Rotation EHR', jwks: { keys: [] }, scopes: ['system/*.rs'] })
    .returning();
  const [run] = await ctx.db
    .insert(bulkExports)
    .values({ clientId: client!.id, request: 'Patient/$export', types: ['Patient'], expiresAt: new Date() })
    .returning();
  const fileId = crypto.randomUUID();
  await ctx.db.insert(bulkExportFiles).values({
    id: fileId,
    exportId: run!.id,
    resourceType: 'Patient',
    count: 1,
    content: ctx.cipher.encrypt(
      Buffer.from('{"resourceType":"Patient","id":"x"}\n'),
      fileContext(run!.id, fileId),
    ),
  });
}

describe('npm run rotate-keys', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let patientId: string;
  let before: Awaited<ReturnType<typeof readEverything>>;
  const rotate = (current: string, next: string) => {
    const run = spawnProcess('npm', ['run', 'rotate-keys', '--silent'], {
      DATABASE_URL: database.url,
      PORTAL_MASTER_KEY: current,
      PORTAL_MASTER_KEY_NEW: next,
      JWT_SECRET: 'rotation-test-signing-secret-0123456789',
    });
    return run.exited.then(({ code }) => ({ code, output: run.output() }));
  };

  beforeAll(async () => {
    database = await freshPostgres();
    // The demo seed writes a profile, the demo documents and a caregiver's grant; the rest is seeded through the stores.
    const t = await startTestPortal({ database: { url: database.url }, env: { PORTAL_MASTER_KEY: OLD_KEY } });
    try {
      const { ctx } = t.portal;
      const [patient] = await ctx.db.select().from(users).where(eq(users.email, DEMO_PATIENT.email));
      patientId = patient!.id;
      await seedIntegration(ctx);
      await savePatientResource(ctx, ctx.db, patientId, 'contact', {
        phone: '+15550100',
        city: 'Springfield',
      });
      await saveDraft(ctx, ctx.db, patientId, 'bf_adl', {
        version: 1,
        answers: { q1: '2' },
        savedAt: new Date(),
      });
      await ctx.db
        .insert(settings)
        .values({ key: 'zendesk_secret', value: sealSecret(ctx, 'zendesk_secret', 'zd-s3cret') });
      await ctx.db
        .insert(mfaFactors)
        .values({ userId: patientId, secret: sealTotpSecret(ctx, patientId, 'JBSWY3DPEHPK3PXP') });
      const thread = await ensurePatientThread(ctx, ctx.db, patientId);
      await appendMessage(ctx, ctx.db, thread, { kind: 'patient', id: patientId }, 'My knee hurts', {
        name: 'knee.png',
        mime: 'image/png',
        bytes: PNG,
      });
      const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
      expect((await c.send({ method: 'GET', path: '/patient/profile/' })).status).toBe(200);
      before = await readEverything(ctx, patientId);
    } finally {
      await t.close();
    }
  }, 120_000);
  afterAll(() => database?.drop());

  it('lists every encrypted column of the schema', () => {
    const listed = new Set(ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`));
    const inSchema = Object.values(schema)
      .filter((t: unknown): t is PgTable => is(t, PgTable))
      .flatMap((t) =>
        Object.values(getTableColumns(t))
          .filter((c) => c.getSQLType() === 'bytea')
          .map((c) => `${getTableName(t)}.${c.name}`),
      );
    expect(inSchema.sort()).toEqual([...listed].sort());
  });

  it('re-encrypts every record under the new key in one go; the new key reads them all, the old one none', async () => {
    const rotated = await rotate(OLD_KEY, NEW_KEY);
    expect(rotated.code, rotated.output).toBe(0);
    expect(rotated.output).toMatch(/Re-encrypted \d+ values under the new master key/);
    for (const column of [
      'assessment_drafts.data_enc: 1',
      'settings.zendesk_secret: 1',
      'mfa_factors.secret_enc: 1',
      'message_attachments.name_enc: 1',
      'message_attachments.data_enc: 1',
      'handshakes.shared_secret_enc: 1',
      'caregiver_grants.details_enc: 1',
      'webhook_endpoints.secret: 1',
      'webhook_endpoints.previous_secret: 1',
      'bulk_export_files.content: 1',
    ]) {
      expect(rotated.output).toContain(column);
    }
    expect(rotated.output).toMatch(/document_files\.data_enc: [1-9]/);
    expect(rotated.output).toMatch(/messages\.body_enc: [1-9]/);
    expect(rotated.output).toMatch(/patient_resources\.data_enc: [2-9]/);
    expect(rotated.output).toMatch(/patient_resources\.date_of_birth_hash: [1-9]/);

    // Restart on the new key: every record reads as before, through the stores and the API.
    const t = await startTestPortal({
      database: { url: database.url },
      env: { PORTAL_MASTER_KEY: NEW_KEY, PORTAL_DEMO: '0' },
    });
    try {
      expect(await readEverything(t.portal.ctx, patientId)).toEqual(before);
      const c = await t.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
      const profile = await c.send({ method: 'GET', path: '/patient/profile/' });
      expect(profile.status).toBe(200);
      expect(profile.data).toMatchObject({ value: (before.profile as { value: object }).value });

      // The date of birth's hash was recomputed under the new key: the search finds the patient
      // by it, opening no profile (none is left unhashed to open).
      const born = (before.profile!.value as { date_of_birth: string }).date_of_birth;
      const [row] = await t.portal.ctx.db
        .select()
        .from(patientResources)
        .where(and(eq(patientResources.userId, patientId), eq(patientResources.kind, 'profile')));
      expect(row!.dateOfBirthHashVersion).toBe(row!.version);
      const nobodyToOpen = sql`(select null::uuid)`;
      expect(await findPatientsBornOn(t.portal.ctx, t.portal.ctx.db, nobodyToOpen, born)).toContain(
        patientId,
      );

      // Every value in every listed column opens under the new key and not under the old one.
      const fresh = new DataCipher(Buffer.from(NEW_KEY, 'hex'));
      const stale = new DataCipher(Buffer.from(OLD_KEY, 'hex'));
      for (const column of ENCRYPTED_COLUMNS) {
        const { rows } = (await t.portal.ctx.db.execute(
          sql`select ${sql.identifier(column.column)} as v, ${column.context} as c from ${sql.identifier(column.table)} where ${sql.identifier(column.column)} is not null`,
        )) as unknown as { rows: { v: Uint8Array; c: string }[] };
        for (const row of rows) {
          expect(() => fresh.decrypt(row.v, row.c), `${column.table}.${column.column}`).not.toThrow();
          expect(() => stale.decrypt(row.v, row.c), `${column.table}.${column.column}`).toThrow();
        }
      }
    } finally {
      await t.close();
    }

    // The old key is refused: a second rotation from it cannot open anything, and changes nothing.
    const again = await rotate(OLD_KEY, 'f6'.repeat(32));
    expect(again.code).toBe(1);
    expect(again.output).toContain('Nothing changed');
  }, 180_000);

  it('refuses to run without a valid new key', async () => {
    const missing = await rotate(NEW_KEY, '');
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.output).toContain('PORTAL_MASTER_KEY_NEW must be the new key');
    const same = await rotate(NEW_KEY, NEW_KEY);
    expect(same.code).toBe(EXIT_USAGE);
  }, 60_000);
});

describe('signing secret rotation (JWT_SECRET_PREVIOUS)', () => {
  it('keeps tokens signed with the previous secret valid while it is listed; without it they end and refresh carries on', async () => {
    const database = await freshPostgres();
    const oldSecret = 'old-signing-secret-0123456789-abcdefgh';
    const newSecret = 'new-signing-secret-0123456789-abcdefgh';
    const start = (env: Record<string, string>) =>
      startTestPortal({ database: { url: database.url }, env: { PORTAL_DEMO: '1', ...env } });
    try {
      const a = await start({ JWT_SECRET: oldSecret });
      const c = await a.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password);
      await a.close();

      const b = await start({ JWT_SECRET: newSecret, JWT_SECRET_PREVIOUS: oldSecret });
      const viaB = Object.assign(b.client(), {
        uid: c.uid,
        sharedSecret: c.sharedSecret,
        access: c.access,
        refreshToken: c.refreshToken,
      });
      expect((await viaB.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);
      await b.close();

      const d = await start({ JWT_SECRET: newSecret });
      const viaD = Object.assign(d.client(), {
        uid: c.uid,
        sharedSecret: c.sharedSecret,
        access: c.access,
        refreshToken: c.refreshToken,
      });
      const refused = await viaD.send({ method: 'GET', path: '/patient/event/' });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 10401 });
      await viaD.refresh();
      expect((await viaD.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);
      await d.close();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
