import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { generateSalt, sealJson } from '@portal/protocol';
import { nodeCryptoPrimitives } from '@portal/protocol/node-crypto';
import {
  configSchema,
  DataCipher,
  decryptedResource,
  decryptSharedSecret,
  encryptedResourceValue,
  encryptSharedSecret,
  SAMPLE_INTAKE,
} from '@portal/server/testing';
import { FLOOR_UID } from './floor-identity.ts';

/**
 * The floors of a sealed profile read: Fastify 5 and a `pg` pool as large as the portal's, with
 * two routes. `/profile/` runs only the database work such a read cannot do without — the
 * session checked in the database, the record read, the read audited — with no cryptography.
 * `/sealed-profile/` adds exactly the cryptography protocol.md requires of the read, through the
 * server's and the protocol package's own functions: the handshake's Z and the stored profile
 * decrypted at rest (AES-256-GCM), the answer sealed under a fresh salt (§3: HKDF, AES-256-CBC,
 * HMAC). Neither logs, validates or counts. Whatever the portal does beyond that costs it its
 * distance to these servers' req/s. Its tables live in a schema of their own, dropped when it stops.
 */
const { DATABASE_URL, DATABASE_POOL_MAX, PORT } = process.env;
if (!DATABASE_URL) throw new Error('The floor server needs DATABASE_URL (PostgreSQL)');

const schema = `bench_floor_${process.pid}`;
// The portal's setting read through the portal's own schema: the same pool size, default included.
const poolMax = configSchema.shape.DATABASE_POOL_MAX.parse(DATABASE_POOL_MAX);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: poolMax });

// A master key of its own: the floor encrypts its own rows at rest, as the portal does its.
const cipher = { cipher: new DataCipher(randomBytes(32)) };
const ids = { userId: randomUUID(), sessionId: randomUUID() };

/**
 * The portal's tables cut to the columns these statements touch, with the same keys and the
 * same indexes on the audit table, which every insert has to maintain.
 */
async function createSchema(): Promise<void> {
  await pool.query(`
    drop schema if exists ${schema} cascade;
    create schema ${schema};
    create table ${schema}.handshakes (
      uid text primary key, shared_secret_enc bytea not null,
      last_used_at timestamptz not null default now(), revoked_at timestamptz);
    create table ${schema}.users (
      id uuid primary key, roles text[] not null, status text not null);
    create table ${schema}.sessions (
      id uuid primary key, user_id uuid not null references ${schema}.users (id),
      created_at timestamptz not null default now(), last_used_at timestamptz not null default now(),
      expires_at timestamptz not null, revoked_at timestamptz);
    create table ${schema}.patient_resources (
      user_id uuid not null references ${schema}.users (id), kind text not null,
      version integer not null, data_enc bytea not null, updated_at timestamptz not null default now(),
      primary key (user_id, kind));
    create table ${schema}.audit_log (
      id bigint primary key generated always as identity, at timestamptz not null default now(),
      actor_id uuid, subject_id uuid, action text not null, target text, outcome text not null,
      ip text, user_agent text, request_id text, detail jsonb);
    create index on ${schema}.audit_log (subject_id, at);
    create index on ${schema}.audit_log (at);`);
  await pool.query(`insert into ${schema}.handshakes (uid, shared_secret_enc) values ($1, $2)`, [
    FLOOR_UID,
    encryptSharedSecret(cipher, FLOOR_UID, randomBytes(32)),
  ]);
  await pool.query(`insert into ${schema}.users (id, roles, status) values ($1, '{user}', 'active')`, [
    ids.userId,
  ]);
  await pool.query(
    `insert into ${schema}.sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [ids.sessionId, ids.userId],
  );
  await pool.query(
    `insert into ${schema}.patient_resources (user_id, kind, version, data_enc) values ($1, 'profile', 1, $2)`,
    [ids.userId, encryptedResourceValue(cipher, ids.userId, 'profile', SAMPLE_INTAKE.profile)],
  );
}

// Named statements: parsed and planned once per connection, as the portal's prepared ones.
const authStatement = {
  name: 'floor_auth',
  text: `select h.shared_secret_enc, h.revoked_at, s.expires_at, s.revoked_at as session_revoked_at, u.roles, u.status
    from ${schema}.handshakes h
    left join ${schema}.sessions s on s.id = $2 and s.user_id = $3
    left join ${schema}.users u on u.id = s.user_id
    where h.uid = $1`,
};
const resourceStatement = {
  name: 'floor_resource',
  text: `select kind, version, data_enc, updated_at from ${schema}.patient_resources
    where user_id = $1 and kind in ('profile', 'draft:profile')`,
};
const AUDIT_COLUMNS = 4;
const auditInsert = (rows: number) => {
  const tuples = Array.from({ length: rows }, (_, row) => {
    const [actor, ip, userAgent, requestId] = [1, 2, 3, 4].map(
      (column) => `$${row * AUDIT_COLUMNS + column}`,
    );
    return `('patient.read', 'success', ${actor}, ${actor}, 'profile', ${ip}, ${userAgent}, ${requestId})`;
  });
  return `insert into ${schema}.audit_log (action, outcome, actor_id, subject_id, target, ip, user_agent, request_id)
    values ${tuples.join(', ')}`;
};

interface WaitingRow {
  values: [actorId: string, ip: string, userAgent: string | null, requestId: string];
  done(error?: unknown): void;
}

/**
 * The portal's group commit (modules/audit/audit-group-commit.ts) in short: rows that arrive
 * while an insert is in flight go together in the next one, and each read answers only once
 * its own row is committed.
 */
const waiting: WaitingRow[] = [];
const MAX_AUDIT_ROWS_PER_INSERT = 500;
let flushing = false;
function audit(values: WaitingRow['values']): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ values, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (!flushing) {
      flushing = true;
      setImmediate(() => void flushAudit());
    }
  });
}
async function flushAudit(): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, MAX_AUDIT_ROWS_PER_INSERT);
    try {
      await pool.query(
        auditInsert(batch.length),
        batch.flatMap((row) => row.values),
      );
      for (const row of batch) row.done();
    } catch (error) {
      for (const row of batch) row.done(error);
    }
  }
  flushing = false;
}

interface ResourceRow {
  kind: string;
  version: number;
  data_enc: Buffer;
  updated_at: Date;
}

/** The database work of the read: the session judged, the profile and its draft read, the read audited. */
async function readProfile(
  uid: string,
  meta: { ip: string; userAgent: string | null; requestId: string },
): Promise<{ sharedSecretEnc: Buffer; rows: ResourceRow[] } | undefined> {
  const { rows: sessions } = await pool.query({ ...authStatement, values: [uid, ids.sessionId, ids.userId] });
  const session = sessions[0] as
    | {
        shared_secret_enc: Buffer;
        revoked_at: Date | null;
        expires_at: Date | null;
        status: string | null;
      }
    | undefined;
  if (!session || session.revoked_at || !session.expires_at || session.status !== 'active') return undefined;
  const { rows } = await pool.query({ ...resourceStatement, values: [ids.userId] });
  await audit([ids.userId, meta.ip, meta.userAgent, meta.requestId]);
  return { sharedSecretEnc: session.shared_secret_enc, rows: rows as ResourceRow[] };
}

const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: String(request.id),
});

await createSchema();
const app = Fastify();
app.get('/healthz', async () => ({ ok: true }));
app.get('/profile/', async (request, reply) => {
  const read = await readProfile(String(request.headers.uid), metaOf(request));
  if (!read) return reply.code(401).send({ code: 10401 });
  const saved = read.rows.find((row) => row.kind === 'profile');
  return {
    value: saved?.data_enc.toString('base64') ?? null,
    version: saved?.version ?? 0,
    updated_at: saved?.updated_at.toISOString() ?? null,
    draft: null,
  };
});
app.get('/sealed-profile/', async (request, reply) => {
  const uid = String(request.headers.uid);
  const read = await readProfile(uid, metaOf(request));
  if (!read) return reply.code(401).send({ code: 10401 });
  const z = decryptSharedSecret(cipher, uid, read.sharedSecretEnc);
  const stored = (kind: string) => {
    const row = read.rows.find((candidate) => candidate.kind === kind);
    return (
      row &&
      decryptedResource(cipher, {
        userId: ids.userId,
        kind,
        data: row.data_enc,
        version: row.version,
        updatedAt: row.updated_at,
      })
    );
  };
  const saved = stored('profile');
  const draft = stored('draft:profile');
  const answer = {
    value: saved?.value ?? null,
    version: saved?.version ?? 0,
    updated_at: saved?.updatedAt.toISOString() ?? null,
    draft: draft?.value ?? null,
  };
  const salt = generateSalt();
  return { code: 0, salt, data: await sealJson(z, salt, 's2c', answer, nodeCryptoPrimitives) };
});

const stop = async () => {
  await app.close();
  await pool.query(`drop schema if exists ${schema} cascade`);
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
await app.listen({ host: '127.0.0.1', port: Number(PORT) });
