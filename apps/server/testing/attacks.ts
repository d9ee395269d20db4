import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bytesToHex, catalogueItemRequest, ERROR_CATALOGUE, generateSalt, sealJson } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { API_PREFIX } from '../src/api-prefix.ts';
import { routeCatalogue, type RouteEntry } from '../src/app.ts';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from './test-portal.ts';
import { addPatient, assign, makeSignaturePng, SIGNATURE_FIELDS, uploadTemplate } from './documents.ts';
import { daysAhead, invite } from './caregivers.ts';
import { catalogueItems } from '../src/db/schema/index.ts';
import { catalogueColumns, createOrder } from '../src/modules/orders/index.ts';
import { WHEELCHAIR } from './orders.ts';

/** A value no log line may ever contain; patient A writes it to the clinic (PHI). */
export const PHI_SENTINEL = 'Sentinelina Qwyxzabeth';

export interface Principal {
  name:
    | 'none'
    | 'invalid'
    | 'patientA'
    | 'patientB'
    | 'caregiverOnly'
    | 'clinicAdmin'
    | 'frontDesk'
    | 'clinician'
    | 'noPermission';
  client: PortalClient;
}

/** Two patients, an administrator and a document that belongs to patient A. */
export interface SecurityWorld {
  t: TestPortal;
  admin: PortalClient;
  adminId: string;
  a: { id: string; client: PortalClient };
  b: { id: string; client: PortalClient };
  /** Records of patient A, by id: patient B must never reach them. */
  documentOfA: string;
  attachmentOfA: string;
  sessionOfA: string;
  /** A caregiver grant patient A gave (invited, not yet answered). */
  grantOfA: string;
  /** A device order of patient A, submitted (a wheelchair). */
  orderOfA: string;
  /** Every secret this suite sent or received, for the log scan. */
  secrets: Set<string>;
}

export async function startSecurityWorld(env: Record<string, string> = {}): Promise<SecurityWorld> {
  const t = await startTestPortal({ env });
  const admin = await t.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const a = await addPatient(t, 'Ada');
  const b = await addPatient(t, 'Bea');
  const template = await uploadTemplate(admin, { fields: SIGNATURE_FIELDS });
  const [assignment] = await assign(admin, template.id, [a.id], {
    due_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
  });
  const thread = await a.client.post<{ messages: { attachment?: { id: string } }[] }>(
    '/patient/messages/',
    {
      text: PHI_SENTINEL,
      attachment: { name: 'scan.png', content_base64: makeSignaturePng().toString('base64') },
    },
    { encrypt: true },
  );
  const idOf = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ id: string }>(await t.portal.ctx.db.execute(query))[0]!.id;
  const world: SecurityWorld = {
    t,
    admin,
    adminId: await idOf(sql`select id from users where email = ${DEMO_ADMIN.email}`),
    a,
    b,
    documentOfA: assignment!.id,
    attachmentOfA: thread.messages.at(-1)!.attachment!.id,
    sessionOfA: await idOf(sql`select id from sessions where user_id = ${a.id}`),
    grantOfA: (await invite(a.client, 'helper.of.a@example.com', ['view_intake'], daysAhead(t, 30))).id,
    orderOfA: await orderFor(t, a.id),
    secrets: new Set([DEMO_ADMIN.password, 'Documents-test-2025']),
  };
  for (const c of [admin, a.client, b.client]) rememberClient(world, c);
  return world;
}

/** A wheelchair ordered for the patient, straight through the use case (no clinician needed here). */
async function orderFor(t: TestPortal, patientId: string): Promise<string> {
  const { ctx } = t.portal;
  const [item] = await ctx.db
    .insert(catalogueItems)
    .values({ ...catalogueColumns(catalogueItemRequest.parse(WHEELCHAIR)), updatedAt: ctx.now() })
    .returning({ id: catalogueItems.id });
  return ctx.db.transaction((tx) =>
    createOrder(ctx, tx, {
      patientId,
      items: [{ catalogueItemId: item!.id, quantity: 1 }],
      note: '',
      submit: true,
      prescribedBy: null,
      prescribedAt: null,
      createdBy: null,
      resupplyOf: null,
      actor: 'system',
      meta: null,
    }),
  );
}

/** Tokens, uid and shared secret of a client go on the list the log scan looks for. */
export function rememberClient(world: SecurityWorld, client: PortalClient): void {
  for (const value of [client.access, client.refreshToken, client.uid]) if (value) world.secrets.add(value);
  if (client.sharedSecret) world.secrets.add(bytesToHex(client.sharedSecret));
}

export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** The API routes the running app registered (HEAD mirrors of GET included), path without prefix. */
export function apiRoutes(t: TestPortal): RouteEntry[] {
  return routeCatalogue.get(t.portal.app)!.filter((r) => r.url.startsWith(`${API_PREFIX}/`));
}

export const routeKey = (r: RouteEntry) => `${r.method} ${r.url.slice(API_PREFIX.length)}`;

export interface RawRequest {
  method: string;
  /** Relative to the API prefix. */
  path: string;
  query?: Record<string, string>;
  /** Sent as JSON unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** Seal `body` as `{ data }` under a fresh salt. */
  seal?: boolean;
  /** Applied last: override or remove (undefined) any header. */
  headers?: Record<string, string | undefined>;
}

export interface RawAnswer {
  status: number;
  text: string;
  body: unknown;
  headers: Headers;
}

/** One HTTP exchange as `client` (its uid and token), with every part under the test's control. */
export async function raw(t: TestPortal, client: PortalClient | null, req: RawRequest): Promise<RawAnswer> {
  const headers: Record<string, string | undefined> = { accept: 'application/json' };
  if (client?.uid) headers.uid = client.uid;
  if (client?.access) headers.authorization = `Bearer ${client.access}`;
  let body: string | undefined = req.rawBody;
  if (body === undefined && req.body !== undefined) {
    if (req.seal) {
      const salt = generateSalt();
      headers.salt = salt;
      body = JSON.stringify({ data: await sealJson(client!.sharedSecret!, salt, 'c2s', req.body) });
    } else {
      body = JSON.stringify(req.body);
    }
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, req.headers);
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const response = await fetch(`${t.baseUrl}${API_PREFIX}${req.path}${query}`, {
    method: req.method,
    headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Left as text: the caller's assertions say whether that is acceptable.
  }
  return { status: response.status, text, body: parsed, headers: response.headers };
}

/** Stack frames, file paths and driver or runtime messages that must never reach a client. */
const INTERNALS =
  /\bat .+:\d+:\d+|node_modules|\/src\/|\.ts\b|TypeError|ReferenceError|SyntaxError|ZodError|drizzle|pglite|postgres|duplicate key|violates|relation "|stack/i;

/** Any refusal: a JSON error body with a catalogue code and message, HTTP status as catalogued, no internals. */
export function expectCleanAnswer(answer: RawAnswer, context: string): void {
  expect(answer.status, `${context}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status === 200 || answer.text === '') return;
  const body = answer.body as { code?: unknown; message?: unknown };
  expect(typeof body, `${context}: not JSON: ${answer.text.slice(0, 200)}`).toBe('object');
  const entry = ERROR_CATALOGUE[body.code as keyof typeof ERROR_CATALOGUE];
  expect(entry, `${context}: code ${String(body.code)} is not in the catalogue`).toBeDefined();
  expect(answer.status, `${context}: HTTP status of ${String(body.code)}`).toBe(entry.http);
  expect(typeof body.message, context).toBe('string');
  expect(answer.text, `${context}: internals in the answer`).not.toMatch(INTERNALS);
}

/**
 * Tables that record traffic rather than records: rate counters, salts, handshakes, session
 * use times, the audit trail (a refused request may rightly be audited) and the mail outbox
 * (its worker sends and deletes earlier requests' mail on its own beat). Every other
 * table, those added later included, is in the fingerprint.
 */
const BOOKKEEPING = new Set([
  'rate_limits',
  'used_salts',
  'handshakes',
  'sessions',
  'audit_log',
  'mail_outbox',
  // A background job's claim of its run (src/jobs): the documents job runs once a minute.
  'job_runs',
]);

/** One digest of every record table: equal before and after means nothing was written. */
export async function recordsFingerprint(t: TestPortal): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await t.portal.ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
    .map((r) => r.name)
    .filter((name) => !BOOKKEEPING.has(name));
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
  );
  const rows = rowsOf<{ name: string; digest: string }>(
    await t.portal.ctx.db.execute(sql.raw(parts.join(' union all '))),
  );
  return rows.map((r) => `${r.name}:${r.digest}`).join(',');
}

/** No log line carries a secret this suite used, the server's keys, or the PHI sentinel. */
export function expectNoSecretsInLogs(world: SecurityWorld): void {
  const text = world.t.logs.join('');
  expect(text.length).toBeGreaterThan(0);
  const { config } = world.t.portal.ctx;
  const keys = [config.PORTAL_MASTER_KEY, config.JWT_SECRET].filter((v): v is string => !!v);
  for (const secret of [...world.secrets, ...keys, PHI_SENTINEL]) {
    expect(text.includes(secret), `a log line contains ${secret.slice(0, 6)}…`).toBe(false);
  }
  expect(text).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/);
}
