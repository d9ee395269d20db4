import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalt, seal, sealJson } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import type { RouteEntry } from '../../src/app.ts';
import { addPatient } from '../../testing/documents.ts';
import { accessOf, ROUTE_RULES } from '../../testing/route-rules.ts';
import * as attackKit from '../../testing/attacks.ts';
import { codeOf } from '../../testing/answers.ts';

/**
 * Fixed (plus the route's index) so a failure replays; bounded so the suite stays quick on
 * PGlite. A longer campaign: FUZZ_RUNS=200 FUZZ_SEED=<any> npx vitest run … fuzz.test.ts
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

let w: attackKit.SecurityWorld;
let anonymous: PortalClient;

beforeAll(async () => {
  w = await attackKit.startSecurityWorld();
  anonymous = w.t.client();
  await anonymous.handshake();
});
afterAll(async () => {
  for (const c of [anonymous]) attackKit.rememberClient(w, c);
  attackKit.expectNoSecretsInLogs(w);
  await w.t.close();
});

/** Field names the API uses, so generated bodies reach the validators rather than stop at the first key. */
const FIELD = fc.constantFrom(
  'id',
  'uid',
  'salt',
  'data',
  'key',
  'email',
  'password',
  'new_password',
  'refresh',
  'token',
  'version',
  'draft',
  'value',
  'insurance_type',
  'side',
  'content_base64',
  'action',
  'reason',
  'signature',
  'consent',
  'kind',
  'status',
  'page',
  'patient_id',
  'patient_ids',
  'template_id',
  'fields',
  'pdf_base64',
  'instrument',
  'answers',
  'no_insurance',
  'roles',
  'code',
  'mfa_token',
  '__proto__',
  'constructor',
);

/** Strings that have broken parsers elsewhere: unicode edge cases, encodings gone wrong, sizes. */
const NASTY_STRING = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\udfff',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    'e\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦',
    '\ufeff',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    'NaN',
    '-0',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    'not base64!',
    'AAAA====',
    'QUJD',
    '04' + 'ff'.repeat(64),
    'zz'.repeat(65),
    'ABCDEFGHIJKLMNOP',
  ),
  fc.base64String({ maxLength: 96 }),
  fc.stringMatching(/^[0-9a-f]{1,140}$/),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

const NASTY_VALUE: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    NASTY_STRING,
    fc.constantFrom(null, true, false, 0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.5, [], {}),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(FIELD, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const BODY_OBJECT = fc.dictionary(FIELD, NASTY_VALUE, { maxKeys: 6 });

/** Header values fetch can carry: printable ASCII, of any shape. */
const HEADER_VALUE = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom('', 'abcdefghijklmnop', 'ABCDEFGHIJKLMNO1', 'A'.repeat(5000)),
);

type BodyShape =
  | { kind: 'json'; value: unknown }
  | { kind: 'sealed'; value: unknown }
  | { kind: 'sealed-field'; value: Record<string, unknown>; truncate: number }
  | { kind: 'text'; value: string };

const BODY: fc.Arbitrary<BodyShape> = fc.oneof(
  BODY_OBJECT.map((value) => ({ kind: 'json' as const, value })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })),
  BODY_OBJECT.map((value) => ({ kind: 'sealed' as const, value })),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'sealed' as const, value })),
  fc.record({ value: BODY_OBJECT, truncate: fc.integer({ min: 0, max: 60 }) }).map((r) => ({
    kind: 'sealed-field' as const,
    ...r,
  })),
  fc.string({ maxLength: 80 }).map((value) => ({ kind: 'text' as const, value })),
  fc
    .constantFrom('{', '{"a":', '[]', 'null', '"x"', '{"data":"' + 'A'.repeat(64) + '"}', '\u0000')
    .map((value) => ({ kind: 'text' as const, value })),
);

/** Mostly the caller's own headers, so most cases reach validation; sometimes a broken one. */
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(KEEP), weight: 5 }, { arbitrary: arb, weight: 1 });
const KEEP = Symbol('keep the caller header');

const HEADERS = fc
  .record({
    uid: sometimes(fc.oneof(HEADER_VALUE, fc.constant(undefined))),
    salt: sometimes(fc.oneof(HEADER_VALUE, fc.constant(undefined))),
    authorization: sometimes(
      fc.oneof(
        HEADER_VALUE,
        HEADER_VALUE.map((v) => `Bearer ${v}`),
        fc.constant(undefined),
      ),
    ),
    'content-type': sometimes(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded')),
  })
  .map(
    (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== KEEP)) as Record<
        string,
        string | undefined
      >,
  );

const QUERY = fc.dictionary(
  FIELD,
  NASTY_STRING.map((s) => s.slice(0, 2000)),
  { maxKeys: 4 },
);

interface FuzzCase {
  query: Record<string, string>;
  body: BodyShape;
  headers: Partial<Record<string, string | undefined>>;
}

const CASE: fc.Arbitrary<FuzzCase> = fc.record({ query: QUERY, body: BODY, headers: HEADERS });

/** The caller the route is meant for, so the fuzz reaches validation and services, not just the auth check. */
function callerFor(route: RouteEntry): PortalClient {
  // From the config, not the table: a route not classified yet is still fuzzed as its caller.
  const access = accessOf(route.config);
  if (access === 'public') return anonymous;
  if (access === 'admin') return w.admin;
  return w.a.client;
}

/** A session nobody else uses, for routes that end the session they run on. */
const throwaways = new Map<string, PortalClient>();
async function sessionFor(route: RouteEntry): Promise<PortalClient> {
  if (!ROUTE_RULES[attackKit.routeKey(route)]?.endsSession) return callerFor(route);
  let c = throwaways.get(attackKit.routeKey(route));
  if (!c) {
    c = (await addPatient(w.t)).client;
    throwaways.set(attackKit.routeKey(route), c);
  }
  // Once a case has ended it, later cases probe a dead session: refusals must be clean too.
  return c;
}

async function toRequest(
  route: RouteEntry,
  client: PortalClient,
  c: FuzzCase,
): Promise<attackKit.RawRequest> {
  const path = route.url.slice('/backend/api/v1'.length).replace(/:\w+/g, () => crypto.randomUUID());
  const request: attackKit.RawRequest = { method: route.method, path, query: c.query, headers: {} };
  if (route.method === 'POST') {
    const z = client.sharedSecret!;
    const salt = generateSalt();
    switch (c.body.kind) {
      case 'json':
        request.body = c.body.value;
        break;
      case 'text':
        request.rawBody = c.body.value;
        break;
      case 'sealed':
        request.rawBody = JSON.stringify({ data: await sealJson(z, salt, 'c2s', c.body.value) });
        request.headers!.salt = salt;
        break;
      case 'sealed-field': {
        // A real sealed secret cut short: a truncated tag or ciphertext must read as 10016, never crash.
        const field = route.config.secretField ?? 'data';
        const sealed = await seal(z, salt, 'c2s', 'Some-secret-value-1');
        request.rawBody = JSON.stringify({
          ...c.body.value,
          [field]: sealed.slice(0, sealed.length - c.body.truncate),
        });
        request.headers!.salt = salt;
        break;
      }
    }
  }
  Object.assign(request.headers!, c.headers);
  return request;
}

describe('fuzzing every endpoint (fast-check, seeded)', () => {
  it(
    'never answers 5xx or internals, always a catalogued code, and a refused request changes no record',
    async () => {
      const failures: string[] = [];
      const seen = new Map<string, number>();
      const routes = attackKit.apiRoutes(w.t).filter((r) => r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(40);
      for (const [index, route] of routes.entries()) {
        const before = await attackKit.recordsFingerprint(w.t);
        let accepted = 0;
        try {
          await fc.assert(
            fc.asyncProperty(CASE, async (c) => {
              const client = await sessionFor(route);
              const answer = await attackKit.raw(w.t, client, await toRequest(route, client, c));
              attackKit.expectCleanAnswer(answer, attackKit.routeKey(route));
              if (answer.status === 200) accepted++;
              const code = String(codeOf(answer) ?? `HTTP ${answer.status}`);
              seen.set(code, (seen.get(code) ?? 0) + 1);
            }),
            { numRuns: RUNS_PER_ROUTE, seed: SEED + index, endOnFailure: true },
          );
        } catch (error) {
          failures.push(`${attackKit.routeKey(route)}: ${(error as Error).message.slice(0, 1500)}`);
          continue;
        }
        const after = await attackKit.recordsFingerprint(w.t);
        // Only refusals were seen: then nothing may have been written.
        if (accepted === 0 && after !== before)
          failures.push(`${attackKit.routeKey(route)}: a refused request changed a record`);
      }
      expect(failures).toEqual([]);
      // The cases got past every layer: handshake, token, envelope, validation and services.
      const summary = JSON.stringify(Object.fromEntries(seen));
      for (const code of ['0', '10014', '10401', '10016', '10400']) {
        expect(seen.get(code) ?? 0, `${code} never answered: ${summary}`).toBeGreaterThan(0);
      }
    },
    RUNS_PER_ROUTE * 20_000,
  );

  it('answers a body over the size cap on every POST route with 10413 or 10400, never 5xx, and writes nothing', async () => {
    const huge = JSON.stringify({ data: 'A'.repeat(1024 * 1024 + 10), value: 'x' });
    const before = await attackKit.recordsFingerprint(w.t);
    for (const route of attackKit.apiRoutes(w.t).filter((r) => r.method === 'POST')) {
      const client = callerFor(route);
      const answer = await attackKit.raw(w.t, client, {
        method: 'POST',
        path: route.url.slice('/backend/api/v1'.length),
        rawBody: huge,
        headers: { salt: generateSalt() },
      });
      attackKit.expectCleanAnswer(answer, attackKit.routeKey(route));
      expect([413, 400], attackKit.routeKey(route)).toContain(answer.status);
    }
    expect(await attackKit.recordsFingerprint(w.t)).toBe(before);
  }, 120_000);
});
