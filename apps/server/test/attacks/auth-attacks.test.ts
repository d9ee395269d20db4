import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';
import { and, eq, or } from 'drizzle-orm';
import { generateSalt, seal, sealJson } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';
import { auditLog, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';
import { addPatient } from '../../testing/documents.ts';
import {
  expectCleanAnswer,
  expectNoSecretsInLogs,
  raw,
  recordsFingerprint,
  rememberClient,
  startSecurityWorld,
  type SecurityWorld,
} from '../../testing/attacks.ts';
import { codeOf } from '../../testing/answers.ts';

/**
 * What tokens.test.ts, transport.test.ts and login.test.ts do not already prove: forged
 * tokens signed with the real key but wrong claims, algorithm confusion, token kinds swapped,
 * a refresh race, whole-request replay, and brute force spread over addresses and e-mails.
 */
let w: SecurityWorld;
beforeAll(async () => {
  w = await startSecurityWorld();
});
afterAll(async () => {
  expectNoSecretsInLogs(w);
  await w.t.close();
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as JWTPayload &
    Record<string, unknown>;
const poll = (client: PortalClient, access?: string) =>
  raw(w.t, access === undefined ? client : Object.assign(Object.create(client) as PortalClient, { access }), {
    method: 'GET',
    path: '/patient/event/',
  });

/** Signs `claims` with the server's own key: only claims the server must reject get through the signature. */
const forge = (claims: JWTPayload, header: { alg: string; [k: string]: unknown } = { alg: 'HS256' }) =>
  new SignJWT(claims).setProtectedHeader(header).sign(w.t.portal.ctx.secrets.jwtSecret);

describe('JWT attacks', () => {
  it('refuses every forged or confused token with 10401 and nothing else', async () => {
    const c = w.a.client;
    const claims = claimsOf(c.access!);
    const now = Math.floor(w.t.clock.now().getTime() / 1000);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const [header, payload, signature] = c.access!.split('.');
    const secret = w.t.portal.ctx.secrets.jwtSecret;
    const attacks: Record<string, string | Promise<string>> = {
      'alg none': `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg None, signature kept': `${b64url({ alg: 'None' })}.${payload}.${signature}`,
      'HS512 with the real key (only HS256 is accepted)': forge(claims, { alg: 'HS512' }),
      'ES256 by an attacker key with its jwk embedded': new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' } })
        .sign(privateKey),
      'RS256 header over an HMAC signature (key confusion)': `${b64url({ alg: 'RS256' })}.${payload}.${signature}`,
      'kid pointing elsewhere, signed with a guessed key': new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: '../../dev/null' })
        .sign(new Uint8Array(32)),
      'wrong issuer': forge({ ...claims, iss: 'someone-else' }),
      'wrong audience': forge({ ...claims, aud: 'another-api' }),
      'no expiry': forge({ ...claims, exp: undefined }),
      'expired a second ago': forge({ ...claims, exp: now - 1 }),
      'no subject': forge({ ...claims, sub: undefined }),
      "patient B's id on patient A's session": forge({ ...claims, sub: w.b.id }),
      "patient A's id on another session id": forge({ ...claims, sid: crypto.randomUUID() }),
      // Found by this suite: ids that are not uuids reached a uuid column and answered 10500.
      'session id not a uuid': forge({ ...claims, sid: "' or 1=1 --" }),
      'subject not a uuid': forge({ ...claims, sub: 'admin' }),
      'payload swapped under the original signature': `${header}.${b64url({ ...claims, sub: w.adminId })}.${signature}`,
      'signature stripped': `${header}.${payload}.`,
      'two tokens glued': `${c.access!}.${c.access!}`,
      "patient A's refresh token as an access token": c.refreshToken!,
      'the shared secret as a bearer': Buffer.from(secret).toString('base64url'),
    };
    const answers: Record<string, unknown> = {};
    for (const [name, token] of Object.entries(attacks)) {
      const answer = await poll(c, await token);
      answers[name] = `${answer.status} ${codeOf(answer)}`;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(attacks).map((name) => [name, '401 10401'])));
    // The genuine token still works: the refusals above are about the tokens, not the session.
    expect(codeOf(await poll(c))).toBe(0);
  });

  it('reads roles from the database, not the token: a validly signed admin claim gives a patient nothing', async () => {
    const c = w.a.client;
    const elevated = await forge({ ...claimsOf(c.access!), roles: ['admin', 'user'] });
    const answer = await raw(w.t, Object.assign(Object.create(c) as PortalClient, { access: elevated }), {
      method: 'GET',
      path: '/admin/users/',
    });
    expect(answer.body).toEqual({ code: 10403, message: 'Not allowed' });
  });

  it("refuses patient B's valid token on patient A's handshake (a token is bound to its uid)", async () => {
    const borrowed = Object.assign(Object.create(w.a.client) as PortalClient, { access: w.b.client.access });
    expect(codeOf(await poll(borrowed))).toBe(10401);
  });

  it('refuses an access token where a refresh token is expected, without touching the session', async () => {
    const c = (await addPatient(w.t)).client;
    rememberClient(w, c);
    const swapped = await raw(w.t, c, {
      method: 'POST',
      path: '/token/refresh/',
      body: { refresh: c.access },
    });
    expect(swapped.status).toBe(401);
    expect(codeOf(swapped)).toBe(10401);
    expect(codeOf(await poll(c))).toBe(0);
    await c.refresh();
  });
});

describe('refresh rotation under attack', () => {
  it('lets at most one of two simultaneous refreshes with the same token win', async () => {
    const c = (await addPatient(w.t)).client;
    const token = c.refreshToken!;
    const race = await Promise.all(
      [0, 1, 2].map(() => raw(w.t, c, { method: 'POST', path: '/token/refresh/', body: { refresh: token } })),
    );
    const winners = race.filter((a) => codeOf(a) === 0);
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const loser of race.filter((a) => codeOf(a) !== 0)) expect(codeOf(loser)).toBe(10401);
    rememberClient(w, c);
  });

  it("does not let patient B refresh with patient A's old token after A rotated it: the family dies for both", async () => {
    const a = (await addPatient(w.t)).client;
    const stolen = a.refreshToken!;
    await a.refresh();
    const thief = w.t.client();
    await thief.handshake();
    const replay = await raw(w.t, thief, {
      method: 'POST',
      path: '/token/refresh/',
      body: { refresh: stolen },
    });
    expect(codeOf(replay)).toBe(10401);
    expect(codeOf(await poll(a))).toBe(10401);
    for (const c of [a, thief]) rememberClient(w, c);
  });
});

describe('replay of captured requests (protocol.md §3: a salt is used once)', () => {
  it('refuses a replayed sealed write with 10015 and writes nothing the second time', async () => {
    const c = w.a.client;
    const salt = generateSalt();
    const body = JSON.stringify({
      data: await sealJson(c.sharedSecret!, salt, 'c2s', { text: 'Please call me back' }),
    });
    const send = () =>
      raw(w.t, c, { method: 'POST', path: '/patient/messages/', rawBody: body, headers: { salt } });
    expect(codeOf(await send())).toBe(0);
    const before = await recordsFingerprint(w.t);
    const replay = await send();
    expect(replay.body).toEqual({ code: 10015, message: 'Salt already used' });
    expect(await recordsFingerprint(w.t)).toBe(before);
  });

  it('refuses a replayed successful login with 10015 and issues no second session', async () => {
    const c = w.t.client();
    await c.handshake();
    const salt = generateSalt();
    const body = {
      email: DEMO_PATIENT.email,
      password: await seal(c.sharedSecret!, salt, 'c2s', DEMO_PATIENT.password),
    };
    const login = () => raw(w.t, c, { method: 'POST', path: '/token/', body, headers: { salt } });
    expect(codeOf(await login())).toBe(0);
    expect((await login()).body).toEqual({ code: 10015, message: 'Salt already used' });
    rememberClient(w, c);
    w.secrets.add(DEMO_PATIENT.password);
  });

  it('refuses a salt already used on another route of the same uid', async () => {
    const c = w.a.client;
    const salt = generateSalt();
    const first = await raw(w.t, c, {
      method: 'POST',
      path: '/patient/messages/',
      rawBody: JSON.stringify({ data: await sealJson(c.sharedSecret!, salt, 'c2s', { text: 'One' }) }),
      headers: { salt },
    });
    expect(codeOf(first)).toBe(0);
    const elsewhere = await raw(w.t, c, {
      method: 'POST',
      path: '/patient/insurance/delete/',
      rawBody: JSON.stringify({
        data: await sealJson(c.sharedSecret!, salt, 'c2s', { insurance_type: 'commercial' }),
      }),
      headers: { salt },
    });
    expect(codeOf(elsewhere)).toBe(10015);
  });
});

describe('content injection into e-mail', () => {
  it.each([
    ['a line break', 'Eve\r\nBcc: spy@evil.example'],
    ['a bidi override', 'Eve\u202eelbarised'],
    ['a NUL', 'Eve\u0000'],
  ])('refuses a signup name with %s (10400 at the field) and mails nothing', async (_, name) => {
    const c = w.t.client();
    await c.handshake();
    const mailsBefore = (await w.t.outbox()).length;
    const answer = await c.send({
      method: 'POST',
      path: '/token/signup/',
      secretField: 'password',
      body: {
        email: 'someone-else@example.com',
        password: 'Quiet-forest-trail-8',
        first_name: name,
        last_name: 'Tester',
        date_of_birth: '1975-03-03',
        agree_terms: true,
        locale: 'gb',
      },
    });
    expect((answer.body as { code: number }).code).toBe(10400);
    expect((answer.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['first_name']);
    expect((await w.t.outbox()).length).toBe(mailsBefore);
  });

  // The clinic-branded verification mail carried whatever the sign-up called itself.
  const signupAs = async (email: string, firstName: string) => {
    const c = w.t.client();
    await c.handshake();
    return c.send({
      method: 'POST',
      path: '/token/signup/',
      secretField: 'password',
      body: {
        email,
        password: 'Quiet-forest-trail-8',
        first_name: firstName,
        last_name: 'Tester',
        date_of_birth: '1975-03-03',
        agree_terms: true,
        locale: 'gb',
      },
    });
  };
  const mailTo = async (email: string) =>
    (await w.t.outbox()).filter((m) => m.includes(`To: ${email}`)).map((m) => m.replace(/=\r?\n/g, ''));

  it.each([
    [
      'a link',
      'URGENT: your records were leaked, re-verify at https://evil.example',
      'Must not contain a web or e-mail address',
    ],
    ['a bare domain', 'Re-verify at evil.example', 'Must not contain a web or e-mail address'],
    ['an e-mail address', 'write to help@evil.example', 'Must not contain a web or e-mail address'],
    ['digits', 'Call 0800 123 456', 'Use letters, spaces, hyphens, apostrophes and full stops only'],
  ])('refuses a signup name carrying %s, saying why, and mails nothing', async (_, name, message) => {
    const email = `victim-${Date.now()}@example.com`;
    const answer = await signupAs(email, name);
    expect(answer.body).toEqual({
      code: 10400,
      message: 'Validation failed',
      errors: [{ path: 'first_name', message }],
    });
    expect(await mailTo(email)).toEqual([]);
  });

  it('greets nobody by name in mail to an address nobody has confirmed: verification, sign-up notice and invitation', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    expect((await signupAs(email, 'Mallory')).status).toBe(200);
    // A second sign-up for the same, still unconfirmed address: the notice goes to the first
    // account's address, and the first sign-up's name is just as unproven.
    expect((await signupAs(email, 'Trudy')).status).toBe(200);
    const invited = await raw(w.t, w.admin, {
      method: 'POST',
      path: '/admin/users/invite/',
      seal: true,
      body: {
        email: `invited-${email}`,
        first_name: 'Oscar',
        last_name: 'Tester',
        role: 'user',
        locale: 'gb',
      },
    });
    expect(invited.status).toBe(200);
    const mails = [...(await mailTo(email)), ...(await mailTo(`invited-${email}`))];
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail).toContain('Hello,');
      for (const name of ['Mallory', 'Trudy', 'Oscar', 'Tester']) expect(mail).not.toContain(name);
    }
  });
});

describe('lockout race: attempts sent at once are counted before they are judged', () => {
  const THRESHOLD = 5;
  const RIGHT = 'Race-right-password-7';
  let accounts = 0;

  /** A verified account of its own, so one burst cannot lock another's target. */
  const account = async () => {
    const email = `race${++accounts}-${Date.now()}@example.com`;
    const [user] = await w.t.portal.ctx.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(RIGHT),
        firstName: 'Rae',
        lastName: 'Tester',
        emailVerifiedAt: w.t.portal.ctx.now(),
      })
      .returning({ id: users.id });
    return { email, id: user!.id };
  };

  /** Every password sealed under its own salt first, then all requests on the wire together. */
  const burst = async (email: string, passwords: string[]) => {
    const c = w.t.client();
    await c.handshake();
    const sealed = await Promise.all(
      passwords.map(async (password) => {
        const salt = generateSalt();
        return { salt, password: await seal(c.sharedSecret!, salt, 'c2s', password) };
      }),
    );
    const answers = await Promise.all(
      sealed.map(({ salt, password }) =>
        raw(w.t, c, { method: 'POST', path: '/token/', body: { email, password }, headers: { salt } }),
      ),
    );
    rememberClient(w, c);
    return answers.map((a) => {
      expectCleanAnswer(a, 'a sign-in of the burst');
      return codeOf(a);
    });
  };

  const trail = async (id: string) =>
    (
      await w.t.portal.ctx.db
        .select({ action: auditLog.action, outcome: auditLog.outcome })
        .from(auditLog)
        .where(and(or(eq(auditLog.subjectId, id), eq(auditLog.actorId, id))))
    ).map((r) => `${r.action}:${r.outcome}`);
  const count = (list: unknown[], value: unknown) => list.filter((v) => v === value).length;

  it('judges at most the threshold of 20 wrong passwords sent at once; the rest answer 10012 and the account locks', async () => {
    const { email, id } = await account();
    const codes = await burst(
      email,
      Array.from({ length: 20 }, (_, i) => `Wrong-race-${i}-x`),
    );
    expect(count(codes, 10013)).toBe(THRESHOLD);
    expect(count(codes, 10012)).toBe(20 - THRESHOLD);
    const audit = await trail(id);
    expect(count(audit, 'login:failure')).toBe(THRESHOLD);
    expect(count(audit, 'login:denied')).toBe(20 - THRESHOLD);
    expect(count(audit, 'account.lockout:success')).toBe(1);
    const [row] = await w.t.portal.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(w.t.clock.now().getTime());
  });

  it('with the right password among 19 wrong ones: at most the threshold of wrong ones judged, and no sign-in after the lock', async () => {
    const { email, id } = await account();
    const passwords = Array.from({ length: 20 }, (_, i) => (i === 7 ? RIGHT : `Wrong-race-${i}-y`));
    const codes = await burst(email, passwords);
    const wrong = codes.filter((_, i) => i !== 7);
    const right = codes[7];
    expect(wrong.every((code) => code === 10013 || code === 10012)).toBe(true);
    expect(count(wrong, 10013)).toBeLessThanOrEqual(THRESHOLD);
    expect([0, 10012]).toContain(right);
    const audit = await trail(id);
    expect(count(audit, 'login:failure')).toBe(count(wrong, 10013));
    expect(count(audit, 'login:success')).toBe(right === 0 ? 1 : 0);
    const [row] = await w.t.portal.ctx.db.select().from(users).where(eq(users.id, id));
    const locked = !!row!.lockedUntil && row!.lockedUntil > w.t.clock.now();
    if (count(wrong, 10013) === THRESHOLD) expect(locked).toBe(true);
    // A right password refused (no slot left, or the lock came while it was judged) means the
    // account locked; an attempt being judged counts as wrong until proven right, so the lock
    // may come with one wrong password fewer.
    if (right === 10012) expect(locked).toBe(true);
    if (locked) expect(count(wrong, 10013)).toBeGreaterThanOrEqual(THRESHOLD - 1);
  });
});

describe('brute force', () => {
  let t: TestPortal;
  const LIMIT = 12;
  beforeAll(async () => {
    t = await startTestPortal({ env: { RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());

  const login = async (
    c: PortalClient,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ) => {
    const salt = generateSalt();
    return raw(t, c, {
      method: 'POST',
      path: '/token/',
      body: { email, password: await seal(c.sharedSecret!, salt, 'c2s', password) },
      headers: { salt, ...headers },
    });
  };

  it('rate-limits one client guessing over many e-mails (10429), and a forged X-Forwarded-For does not reset it', async () => {
    const c = t.client();
    await c.handshake();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      // Each attempt claims another address: the server must not believe it (no TRUST_PROXY).
      const answer = await login(c, `guess${i}@example.com`, 'Wrong-password-123', {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      codes.push(codeOf(answer)!);
    }
    expect(codes.slice(0, LIMIT).every((code) => code === 10013)).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([10429, 10429, 10429]);
    // A fresh handshake is the same address: still limited.
    const again = t.client();
    await again.handshake();
    expect(codeOf(await login(again, 'guess@example.com', 'Wrong-password-123'))).toBe(10429);
    t.clock.advance(61_000);
  });

  it('locks one e-mail attacked from many clients: after 5 failures even the right password answers 10012', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const c = t.client();
      await c.handshake();
      codes.push(codeOf(await login(c, DEMO_PATIENT.email, `Wrong-password-${i}-x`))!);
    }
    expect(codes).toEqual([10013, 10013, 10013, 10013, 10013]);
    const owner = t.client();
    await owner.handshake();
    const locked = await login(owner, DEMO_PATIENT.email, DEMO_PATIENT.password);
    expect(locked.status).toBe(423);
    expect(codeOf(locked)).toBe(10012);
    t.clock.advance(5 * 60_000 + 1000);
    expect(codeOf(await login(owner, DEMO_PATIENT.email, DEMO_PATIENT.password))).toBe(0);
  });

  it('keeps passwords and tokens of the attempts out of the logs', () => {
    const text = t.logs.join('');
    for (const secret of ['Wrong-password-123', DEMO_PATIENT.password, 'Wrong-password-0-x']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.eyJ/);
  });
});
