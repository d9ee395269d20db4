import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { restoreDatabase } from '../../src/db/backup.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { totpAt } from '../../testing/account.ts';
import { pdfsig } from '../../testing/documents.ts';
import { processDatabase, spawnServer, type ProcessDatabase } from '../../testing/server-process.ts';
import { auditDigest } from '../../testing/upgrade/audit-digest.ts';
import { tableDigest } from '../../testing/upgrade/table-digest.ts';
import { derivedReads } from '../../testing/upgrade/derived-reads.ts';
import { expectedAnswer, replayed } from '../../testing/upgrade/intended-changes.ts';
import {
  comparable,
  historyPrefix,
  recordedQueues,
  releaseFixtures,
  type FixtureAccount,
  type RecordedRead,
  type ReleaseFixture,
} from '../../testing/upgrade/manifest.ts';

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const fixtures = await releaseFixtures(engine);

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

async function signIn(baseUrl: string, account: FixtureAccount): Promise<PortalClient> {
  const client = new PortalClient({ baseUrl });
  await client.handshake();
  const result = await client.login(account.email, account.password);
  if (result.mfa) {
    if (!account.totp_secret) throw new Error(`${account.email} was asked for MFA it never enrolled`);
    await client.completeMfa(result.mfa_token, totpAt(account.totp_secret, Date.now()));
  } else if (account.totp_secret) {
    throw new Error(`${account.email} enrolled MFA, but signed in without it`);
  }
  return client;
}

const target = (db: ProcessDatabase) =>
  db.env.DATABASE_URL ? { url: db.env.DATABASE_URL } : { dataDir: db.dataDir };

/** The trigger of migration 0001 still refuses to change or remove an audit row. */
async function auditChangeRefusals(handle: DatabaseHandle, id: number): Promise<string[]> {
  const refusal = (query: ReturnType<typeof sql>) =>
    handle.db.execute(query).then(
      () => 'allowed',
      (error: Error) => String(error.cause ?? error.message),
    );
  return [
    await refusal(sql`update audit_log set action = 'tampered' where id = ${id}`),
    await refusal(sql`delete from audit_log where id = ${id}`),
  ];
}

/** A derived read's answer with only the rows about the patients it names. */
function about(answer: unknown, read: RecordedRead): unknown {
  if (!read.patients) return answer;
  const page = answer as { items: { patient: { id: string } }[] };
  return { ...page, items: page.items.filter((item) => read.patients!.includes(item.patient.id)) };
}

describe(`upgrade from earlier releases (${engine})`, () => {
  it('has a committed fixture of this engine to upgrade from', () => {
    expect(fixtures.map((f) => f.manifest.release)).not.toEqual([]);
  });

  it.each(fixtures.map((f): [string, ReleaseFixture] => [f.manifest.release, f]))(
    'opens the %s fixture: every value, file, signature, sign-in and audit row as that release left them',
    async (_release, { dir, keys, manifest }) => {
      const db = await processDatabase();
      cleanups.push(() => db.drop());
      const scratch = await mkdtemp(path.join(tmpdir(), 'portal-upgrade-'));
      cleanups.push(() => rm(scratch, { recursive: true, force: true }));
      await restoreDatabase(target(db), path.join(dir, manifest.backup));

      const node = await spawnServer({ ...db.env, ...keys, PORTAL_DEMO: '0' });
      cleanups.push(() => node.stop());
      const clients = new Map<string, PortalClient>();
      const anonymous = node.client();
      await anonymous.handshake();
      clients.set('', anonymous);
      for (const account of manifest.accounts) clients.set(account.email, await signIn(node.url, account));
      const wrong = node.client();
      await wrong.handshake();
      const refused = await wrong.login(manifest.accounts[0]!.email, 'Not-the-password-1').catch((e) => e);
      expect(refused).toBeInstanceOf(ApiError);

      const reads = [...manifest.reads.filter(replayed), ...derivedReads(manifest, new Date())];
      const answers = await Promise.all(
        reads.map((read) => clients.get(read.as)!.get(read.path, read.query)),
      );
      reads.forEach((read, i) => {
        const expected = expectedAnswer(manifest, read);
        const label = `${read.as} ${read.path} ${JSON.stringify(read.query ?? {})}`;
        // Subset: a later release may answer more fields, never different values.
        expect({
          read: label,
          answer: historyPrefix(
            recordedQueues(comparable(about(answers[i], read), read.path), expected, read.path),
            expected,
          ),
        }).toMatchObject({ read: label, answer: expected });
      });

      for (const signed of manifest.signed_pdfs) {
        const detail = await clients.get(signed.as)!.get<{ pdf_base64: string }>(signed.path, signed.query);
        const report = await pdfsig(scratch, Buffer.from(detail.pdf_base64, 'base64'));
        expect(report).toContain('Signature is Valid');
        expect(report).toContain('Total document signed');
      }
      await node.stop();

      const handle = await openDatabase(target(db));
      try {
        expect(await auditDigest(handle.db, manifest.audit.columns, manifest.audit.max_id)).toEqual(
          manifest.audit,
        );
        expect(await auditChangeRefusals(handle, manifest.audit.max_id)).toEqual([
          expect.stringContaining('append-only'),
          expect.stringContaining('append-only'),
        ]);
        for (const [table, digest] of Object.entries(manifest.tables ?? {})) {
          expect({ table, digest: await tableDigest(handle.db, table, digest.columns) }).toEqual({
            table,
            digest,
          });
        }
      } finally {
        await handle.close();
      }
    },
    300_000,
  );
});
