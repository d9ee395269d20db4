import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTING_FOR_HEADER,
  CAREGIVER_SCOPES,
  ERROR_CATALOGUE,
  STAFF_PRESETS,
  type CaregiverScope,
} from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { routeCatalogue, type RouteEntry } from '../../src/app.ts';
import { users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { DEMO_ADMIN, DEMO_CLINICIAN, DEMO_FRONT_DESK } from '../../testing/test-portal.ts';
import { addPatient } from '../../testing/documents.ts';
import {
  accessOf,
  FHIR_ROUTE_RULES,
  OUTSIDE_API,
  permissionKey,
  permits,
  ROUTE_RULES,
  type RouteRule,
} from '../../testing/route-rules.ts';
import {
  apiRoutes,
  expectCleanAnswer,
  expectNoSecretsInLogs,
  raw,
  recordsFingerprint,
  rememberClient,
  routeKey,
  rowsOf,
  startSecurityWorld,
  type Principal,
  type SecurityWorld,
} from '../../testing/attacks.ts';
import { codeOf } from '../../testing/answers.ts';
import { addCaregiver, liveGrant } from '../../testing/caregivers.ts';
import { fhirBearer } from '../../testing/fhir.ts';
import { SERVED_TYPES } from '../../src/modules/fhir/index.ts';

let w: SecurityWorld;
let principals: Principal[];

/** Decision 0032: an account that joined only to help patient A, with every scope. */
async function addCaregiverOnly(): Promise<PortalClient> {
  const caregiver = await addCaregiver(w.t, 'Caregiver only');
  await liveGrant(w.t, w.a.id, caregiver.id, [...CAREGIVER_SCOPES]);
  await w.t.portal.ctx.db.update(users).set({ isPatient: false }).where(eq(users.id, caregiver.id));
  return caregiver.client;
}

/** An administrator with the sidebar and no staff permission: every admin route refuses them. */
const NO_PERMISSION = { email: 'no.permission@example.com', password: 'No-permission-2025' };

/** The staff principals: one per preset of the access dialog, and one without any permission. */
const STAFF_ACCOUNTS = {
  clinicAdmin: { login: DEMO_ADMIN, auths: ['admin', ...STAFF_PRESETS.clinic_admin] },
  frontDesk: { login: DEMO_FRONT_DESK, auths: ['admin', ...STAFF_PRESETS.front_desk] },
  clinician: { login: DEMO_CLINICIAN, auths: ['admin', ...STAFF_PRESETS.clinician] },
  noPermission: { login: NO_PERMISSION, auths: ['admin'] },
} as const satisfies Record<string, { login: { email: string; password: string }; auths: readonly string[] }>;
type StaffName = keyof typeof STAFF_ACCOUNTS;
const isStaff = (name: string): name is StaffName => name in STAFF_ACCOUNTS;

beforeAll(async () => {
  w = await startSecurityWorld();
  const none = w.t.client();
  await none.handshake();
  const invalid = w.t.client();
  await invalid.handshake();
  invalid.access = 'not.a.token';
  await w.t.portal.ctx.db.insert(users).values({
    email: NO_PERMISSION.email,
    passwordHash: await hashPassword(NO_PERMISSION.password),
    firstName: 'Nobody',
    lastName: 'Permitted',
    roles: ['admin'],
    auths: ['admin'],
    emailVerifiedAt: w.t.clock.now(),
  });
  principals = [
    { name: 'none', client: none },
    { name: 'invalid', client: invalid },
    { name: 'patientA', client: w.a.client },
    { name: 'patientB', client: w.b.client },
    { name: 'caregiverOnly', client: await addCaregiverOnly() },
    { name: 'clinicAdmin', client: w.admin },
    { name: 'frontDesk', client: await w.t.signedIn(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password) },
    { name: 'clinician', client: await w.t.signedIn(DEMO_CLINICIAN.email, DEMO_CLINICIAN.password) },
    { name: 'noPermission', client: await w.t.signedIn(NO_PERMISSION.email, NO_PERMISSION.password) },
  ];
});
afterAll(async () => {
  expectNoSecretsInLogs(w);
  await w.t.close();
});

/**
 * Sealed answers whose reads are not audited, each by decision: no field of a record, only
 * names, statuses and times (the list pages; messages/list-inbox.ts), or no patient data at all.
 */
const NOT_PHI_READS = new Set([
  'GET /patient/intake/', // which sections are complete, and when
  'GET /admin/users/', // the directory: names, e-mails, roles, statuses
  'GET /admin/messages/', // the inbox: patient names and times, no message text
  'GET /admin/messages/assignees/', // administrators' names
  'GET /admin/settings/', // clinic configuration
  'GET /admin/catalogue/', // the clinic's devices and supplies, no patient in it
  'GET /admin/fhir-clients/', // API clients: names, scopes and key ids
]);

/** The mirror HEAD route of a GET shares its config; its key is the GET's. */
const ruleKey = (r: RouteEntry) => routeKey(r).replace(/^HEAD /, 'GET ');

/** The refusal a principal must get from a route of this rule, or null when it may pass. */
function expectedRefusal(rule: RouteRule, principal: Principal['name']): 10401 | 10403 | null {
  const { access } = rule;
  if (principal === 'none' || principal === 'invalid') return access === 'public' ? null : 10401;
  if (isStaff(principal)) {
    if (access === 'patient') return 10403;
    if (access !== 'admin') return null;
    return rule.permission && permits(STAFF_ACCOUNTS[principal].auths, rule.permission) ? null : 10403;
  }
  if (access === 'admin') return 10403;
  // A caregiver-only account has no record of its own to read or write (decision 0032); it
  // still writes to the clinic (decision 0033).
  const ownRecordRoute = (rule.caregiver || rule.patientRecord) && !rule.caregiverOnlyToo;
  if (principal === 'caregiverOnly' && access === 'patient' && ownRecordRoute) return 10403;
  return null;
}

/** A fresh session of the principal's role, for calls that end the session they run on. */
async function throwaway(principal: Principal): Promise<PortalClient> {
  if (isStaff(principal.name)) {
    const { login } = STAFF_ACCOUNTS[principal.name];
    return w.t.signedIn(login.email, login.password);
  }
  if (principal.name === 'patientA' || principal.name === 'patientB') return (await addPatient(w.t)).client;
  if (principal.name === 'caregiverOnly') return addCaregiverOnly();
  return principal.client;
}

describe('route classification', () => {
  it('classifies every API route, and each route config grants exactly the classified access', () => {
    const routes = apiRoutes(w.t).filter((r) => r.method !== 'HEAD');
    const unclassified = routes.map(routeKey).filter((key) => !(key in ROUTE_RULES));
    expect(
      unclassified,
      'new routes: add them to security/route-rules.ts with the access they are meant to have',
    ).toEqual([]);
    const stale = Object.keys(ROUTE_RULES).filter((key) => !routes.some((r) => routeKey(r) === key));
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
    const mismatched = routes
      .filter((r) => accessOf(r.config) !== ROUTE_RULES[routeKey(r)]!.access)
      .map(
        (r) =>
          `${routeKey(r)}: config grants ${accessOf(r.config)}, table says ${ROUTE_RULES[routeKey(r)]!.access}`,
      );
    expect(mismatched).toEqual([]);
  });

  it('has every admin route declare the staff permission its rule names, and no other route declare one', () => {
    const wrong = apiRoutes(w.t)
      .filter((r) => r.method !== 'HEAD' && routeKey(r) in ROUTE_RULES)
      .flatMap((r) => {
        const rule = ROUTE_RULES[routeKey(r)]!;
        const declared = permissionKey(r.config.permission);
        if (rule.access === 'admin' && !rule.permission)
          return [`${routeKey(r)}: the rule names no permission`];
        if (rule.access === 'admin' && declared === 'none') return [`${routeKey(r)}: declares no permission`];
        if (declared !== permissionKey(rule.permission)) {
          return [`${routeKey(r)}: declares ${declared}, the rule says ${permissionKey(rule.permission)}`];
        }
        return [];
      });
    expect(wrong).toEqual([]);
  });

  it('has every patient route open to exactly the caregiver scope its rule names, and no other route to any', () => {
    const wrong = apiRoutes(w.t)
      .filter((r) => r.method !== 'HEAD' && routeKey(r) in ROUTE_RULES)
      .filter((r) => r.config.caregiver !== ROUTE_RULES[routeKey(r)]!.caregiver)
      .map(
        (r) =>
          `${routeKey(r)}: config ${r.config.caregiver ?? 'none'}, rule ${ROUTE_RULES[routeKey(r)]!.caregiver ?? 'none'}`,
      );
    expect(wrong).toEqual([]);
    expect(Object.values(ROUTE_RULES).filter((rule) => rule.caregiver && rule.access !== 'patient')).toEqual(
      [],
    );
  });

  it('marks as patient records exactly the routes whose rule says so (decision 0032)', () => {
    const wrong = apiRoutes(w.t)
      .filter((r) => r.method !== 'HEAD' && routeKey(r) in ROUTE_RULES)
      .filter((r) => (r.config.patientRecord === true) !== (ROUTE_RULES[routeKey(r)]!.patientRecord === true))
      .map((r) => `${routeKey(r)}: config ${String(r.config.patientRecord)}`);
    expect(wrong).toEqual([]);
  });

  it('opens to a caregiver-only account for itself exactly the routes whose rule says so (decision 0033)', () => {
    const wrong = apiRoutes(w.t)
      .filter((r) => r.method !== 'HEAD' && routeKey(r) in ROUTE_RULES)
      .filter(
        (r) => (r.config.caregiverOnlyToo === true) !== (ROUTE_RULES[routeKey(r)]!.caregiverOnlyToo === true),
      )
      .map((r) => `${routeKey(r)}: config ${String(r.config.caregiverOnlyToo)}`);
    expect(wrong).toEqual([]);
  });

  it('registers nothing outside /backend/api/v1 (where no token is checked) but health, metrics, the API description, the FHIR API and web files', async () => {
    const { webDist } = w.t.portal.ctx.config;
    const isWebFile = (url: string) =>
      !url.startsWith('/backend/') && url !== '/' && existsSync(path.join(webDist, decodeURIComponent(url)));
    const outside = routeCatalogue
      .get(w.t.portal.app)!
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/backend/api/v1/') && !isWebFile(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(outside.filter((key) => !OUTSIDE_API.has(key) && !(key in FHIR_ROUTE_RULES))).toEqual([]);
    const metrics = await fetch(`${w.t.baseUrl}/metrics`);
    expect([403, 404]).toContain(metrics.status);
  });
});

describe('access matrix: every route × {no token, invalid token, patient A, patient B, a caregiver-only account, each staff preset, no permission}', () => {
  it('refuses without a valid token (10401), with the wrong role or without the permission (10403); lets the right caller through', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(w.t)) {
      const rule = ROUTE_RULES[ruleKey(route)];
      if (!rule) continue; // reported by the classification test
      const path = route.url.slice('/backend/api/v1'.length).replace(/:\w+/g, w.a.id);
      for (const principal of principals) {
        const refusal = expectedRefusal(rule, principal.name);
        const client = refusal === null && rule.endsSession ? await throwaway(principal) : principal.client;
        const answer = await raw(w.t, client, {
          method: route.method,
          path,
          body: route.method === 'POST' ? {} : undefined,
          seal: route.config.encryptedBody === true && client.sharedSecret !== undefined,
        });
        const where = `${route.method} ${path} as ${principal.name}`;
        if (refusal !== null) {
          const expected = { code: refusal, message: ERROR_CATALOGUE[refusal].message };
          if (answer.status !== ERROR_CATALOGUE[refusal].http) {
            failures.push(`${where}: HTTP ${answer.status}, expected ${ERROR_CATALOGUE[refusal].http}`);
          } else if (route.method !== 'HEAD' && JSON.stringify(answer.body) !== JSON.stringify(expected)) {
            failures.push(`${where}: ${answer.text.slice(0, 120)}, expected ${JSON.stringify(expected)}`);
          }
          continue;
        }
        if (route.method === 'HEAD') {
          if ([401, 403].includes(answer.status) || answer.status >= 500) {
            failures.push(`${where}: HTTP ${answer.status} for an allowed caller`);
          }
          continue;
        }
        expectCleanAnswer(answer, where);
        if ([10401, 10403].includes(codeOf(answer) ?? 0)) {
          failures.push(`${where}: refused an allowed caller with ${codeOf(answer)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers another patient's record ids with 10404 Items not found and changes nothing; the owner reaches them", async () => {
    const owned = Object.entries(ROUTE_RULES).filter(([, rule]) => rule.ownedBy);
    expect(owned.length).toBeGreaterThan(0);
    for (const [key, rule] of owned) {
      const { request, ownerMayRepeat } = rule.ownedBy!(w);
      const before = await recordsFingerprint(w.t);
      const foreign = await raw(w.t, w.b.client, request);
      expect(foreign.status, key).toBe(404);
      expect(foreign.body, key).toEqual({ code: 10404, message: 'Items not found' });
      expect(await recordsFingerprint(w.t), `${key} changed a record`).toBe(before);
      if (ownerMayRepeat) {
        const own = await raw(w.t, w.a.client, request);
        expect(codeOf(own), `${key} as the owner: ${own.text.slice(0, 200)}`).toBe(0);
      }
    }
    // Nothing patient B tried ended patient A's session (sessions are not in the fingerprint).
    expect(codeOf(await raw(w.t, w.a.client, { method: 'GET', path: '/patient/event/' }))).toBe(0);
    // Last, since it moves the document: the owner's own write goes through.
    const write = ROUTE_RULES['POST /patient/sign/']!.ownedBy!(w).request;
    expect(codeOf(await raw(w.t, w.a.client, write))).toBe(0);
  });

  it('audits every successful read of sealed data (HIPAA §164.312(b))', async () => {
    const auditRows = async () =>
      Number(
        rowsOf<{ n: string }>(await w.t.portal.ctx.db.execute(sql`select count(*) as n from audit_log`))[0]!
          .n,
      );
    const unaudited: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(w.t).filter((r) => r.method === 'GET')) {
      const rule = ROUTE_RULES[routeKey(route)];
      if (!rule || rule.access === 'public' || NOT_PHI_READS.has(routeKey(route))) continue;
      const owned = rule.ownedBy?.(w).request;
      const request = owned ?? { method: 'GET', path: route.url.slice(15).replace(/:\w+/g, w.a.id) };
      const caller = rule.access === 'admin' ? w.admin : w.a.client;
      const before = await auditRows();
      const answer = await raw(w.t, caller, request);
      const sealed = typeof (answer.body as { salt?: unknown }).salt === 'string';
      if (codeOf(answer) !== 0 || !sealed) continue;
      checked++;
      if ((await auditRows()) === before) unaudited.push(routeKey(route));
    }
    expect(checked).toBeGreaterThan(10);
    expect(unaudited).toEqual([]);
  });

  it("caregiver × patient × scope: only the route's scope opens it (10403 otherwise), no grant or another patient answers 10404", async () => {
    await w.t.portal.ctx.db
      .update(users)
      .set({ representativeSigningAllowed: true })
      .where(eq(users.id, w.a.id));
    const holders = new Map<CaregiverScope, PortalClient>();
    for (const scope of CAREGIVER_SCOPES) {
      const caregiver = await addCaregiver(w.t, `Only ${scope}`);
      await liveGrant(w.t, w.a.id, caregiver.id, [scope]);
      holders.set(scope, caregiver.client);
    }
    const everything = await addCaregiver(w.t, 'Every scope');
    await liveGrant(w.t, w.a.id, everything.id, [...CAREGIVER_SCOPES]);
    const noGrant = await addCaregiver(w.t, 'No grant');
    for (const c of [...holders.values(), everything.client, noGrant.client]) rememberClient(w, c);

    const failures: string[] = [];
    let opened = 0;
    for (const route of apiRoutes(w.t).filter((r) => r.method !== 'HEAD')) {
      const rule = ROUTE_RULES[routeKey(route)];
      if (!rule || rule.access === 'public' || rule.access === 'admin') continue;
      const path = route.url.slice('/backend/api/v1'.length).replace(/:\w+/g, w.a.id);
      const call = (client: PortalClient, patientId: string) =>
        raw(w.t, client, {
          method: route.method,
          path,
          body: route.method === 'POST' ? {} : undefined,
          seal: route.config.encryptedBody === true,
          headers: { [ACTING_FOR_HEADER]: patientId },
        });
      const expectCode = async (client: PortalClient, patientId: string, code: number, who: string) => {
        const answer = await call(client, patientId);
        const expected = { code, message: ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].message };
        if (JSON.stringify(answer.body) !== JSON.stringify(expected)) {
          failures.push(`${routeKey(route)} as ${who}: ${answer.text.slice(0, 120)}, expected ${code}`);
        }
      };
      const scope = route.config.caregiver;
      if (!scope) {
        await expectCode(
          everything.client,
          w.a.id,
          10403,
          'a caregiver with every scope, on a route no scope opens',
        );
        continue;
      }
      opened++;
      const answer = await call(holders.get(scope)!, w.a.id);
      expectCleanAnswer(answer, `${routeKey(route)} as a caregiver holding ${scope}`);
      if ([10401, 10403, 10404].includes(codeOf(answer) ?? 0)) {
        failures.push(`${routeKey(route)}: refused the holder of ${scope} with ${codeOf(answer)}`);
      }
      for (const [other, client] of holders) {
        if (other !== scope) await expectCode(client, w.a.id, 10403, `a caregiver holding only ${other}`);
      }
      await expectCode(noGrant.client, w.a.id, 10404, 'a caregiver with no grant');
      await expectCode(holders.get(scope)!, w.b.id, 10404, `the holder of ${scope} naming another patient`);
    }
    expect(opened).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('keeps every token and uid used above out of the logs', () => {
    for (const p of principals) rememberClient(w, p.client);
    // Service logs (the mailer's, here) are captured too, not only request logs.
    expect(w.t.logs.join('')).toContain('mail sent');
    expectNoSecretsInLogs(w);
  });
});

describe('access matrix of the FHIR API: every route × {no token, an invalid token, a token with no scope}', () => {
  const fhirRoutes = () =>
    routeCatalogue.get(w.t.portal.app)!.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/fhir/R4/'));

  it('classifies every FHIR route, and its config agrees', () => {
    const keys = fhirRoutes().map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((key) => !(key in FHIR_ROUTE_RULES))).toEqual([]);
    expect(Object.keys(FHIR_ROUTE_RULES).filter((key) => !keys.includes(key))).toEqual([]);
    const wrong = fhirRoutes().filter(
      (r) =>
        (r.config.fhirPublic === true) !== (FHIR_ROUTE_RULES[`${r.method} ${r.url}`]!.access === 'public'),
    );
    expect(wrong.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers 401 without a valid token, and 403 or 404 to a token without the scope', async () => {
    const { token } = await fhirBearer(w.t, []);
    const failures: string[] = [];
    for (const route of fhirRoutes()) {
      const rule = FHIR_ROUTE_RULES[`${route.method} ${route.url}`];
      if (rule?.access !== 'client') continue;
      const url = `${w.t.baseUrl}${route.url.replace(':type', 'Patient').replace(/:\w+/g, randomUUID())}`;
      const asks: [string, string | undefined, number][] = [
        ['no token', undefined, 401],
        ['an invalid token', 'Bearer not-a-token', 401],
        ['a token with no scope', `Bearer ${token}`, rule.withoutScope ?? 403],
      ];
      for (const [who, authorization, expected] of asks) {
        const res = await fetch(url, {
          method: route.method,
          headers: { prefer: 'respond-async', ...(authorization && { authorization }) },
        });
        const body = (await res.json().catch(() => null)) as { resourceType?: string } | null;
        if (res.status !== expected || body?.resourceType !== 'OperationOutcome') {
          failures.push(`${route.method} ${route.url} with ${who}: HTTP ${res.status}, expected ${expected}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers each served type 401 to a portal session token, 403 without its scope, and lets the scope through (decision 0036)', async () => {
    const failures: string[] = [];
    const portalToken = w.a.client.access!;
    for (const route of fhirRoutes()) {
      const rule = FHIR_ROUTE_RULES[`${route.method} ${route.url}`];
      if (!rule?.interaction) continue;
      for (const { type } of SERVED_TYPES) {
        const path = route.url.replace(':type', type).replace(':id', w.a.id);
        const call = (token?: string) =>
          fetch(`${w.t.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        const expectStatus = async (
          token: string | undefined,
          wanted: (status: number) => boolean,
          who: string,
        ) => {
          const answer = await call(token);
          const body = (await answer.json()) as { resourceType?: string };
          if (!wanted(answer.status))
            failures.push(`${route.method} ${path} as ${who}: HTTP ${answer.status}`);
          if (answer.status >= 400 && body.resourceType !== 'OperationOutcome') {
            failures.push(`${route.method} ${path} as ${who}: not an OperationOutcome`);
          }
        };
        const allowed = (status: number) => status === 200 || status === 404;
        await expectStatus(undefined, (status) => status === 401, 'no token');
        await expectStatus(portalToken, (status) => status === 401, 'a portal session token');
        const other = rule.interaction === 'r' ? 's' : 'r';
        const otherType = type === 'Patient' ? 'Coverage' : 'Patient';
        for (const scopes of [[`system/${otherType}.${rule.interaction}`], [`system/${type}.${other}`]]) {
          const { token } = await fhirBearer(w.t, scopes);
          await expectStatus(token, (status) => status === 403, scopes.join(' '));
        }
        for (const scopes of [[`system/${type}.${rule.interaction}`], ['system/*.rs']]) {
          const { token } = await fhirBearer(w.t, scopes);
          await expectStatus(token, allowed, scopes.join(' '));
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
