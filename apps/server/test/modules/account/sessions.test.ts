import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { accountSessions, endedSessions } from '@portal/protocol';
import { PortalClient } from '@portal/protocol/testing';
import { auditLog } from '../../../src/db/schema/index.ts';
import { startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { signedUpPatient } from '../../../testing/admin.ts';
import { deviceOf } from '../../../src/modules/account/device-label.ts';
import { codeOf, pathsOf } from '../../../testing/answers.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A client whose every request carries `userAgent`, as a browser's would. */
async function deviceSignIn(email: string, password: string, userAgent: string): Promise<PortalClient> {
  const c = new PortalClient({
    baseUrl: t.baseUrl,
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), 'user-agent': userAgent },
      }),
  });
  await c.handshake();
  await c.login(email, password);
  return c;
}

const sessionsOf = async (c: PortalClient) => accountSessions.parse(await c.get('/account/sessions/'));

describe('account sessions', () => {
  it('lists the live sessions with device, times and which one is this', async () => {
    const { email, password } = await signedUpPatient(t, 'devices@example.com');
    const laptop = await deviceSignIn(email, password, FIREFOX_WINDOWS);
    await deviceSignIn(email, password, SAFARI_IPHONE);
    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toEqual([
      expect.objectContaining({ browser: 'Firefox', os: 'Windows', ip: '127.0.0.1' }),
    ]);
    expect(list).toContainEqual(expect.objectContaining({ browser: 'Safari', os: 'iOS', current: false }));
    for (const s of list) expect(Date.parse(s.last_used_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
  });

  it('ends one of the own sessions, whose next request answers 10401', async () => {
    const { client, email, password, id } = await signedUpPatient(t, 'end-one@example.com');
    const phone = await deviceSignIn(email, password, SAFARI_IPHONE);
    const target = (await sessionsOf(client)).find((s) => s.browser === 'Safari')!;
    const answer = await client.send({
      method: 'POST',
      path: '/account/sessions/end/',
      body: { id: target.id },
    });
    expect(answer.status).toBe(200);
    const after = await phone.send({ method: 'GET', path: '/patient/event/' });
    expect(after.status).toBe(401);
    expect(codeOf(after)).toBe(10401);
    expect((await sessionsOf(client)).map((s) => s.id)).not.toContain(target.id);
    const [row] = await t.portal.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ action: 'session.end', outcome: 'success', target: `sessions:${target.id}` });
  });

  it("answers another user's session id like an unknown one (10404) and leaves it live", async () => {
    const mallory = await signedUpPatient(t, 'mallory@example.com');
    const victim = await signedUpPatient(t, 'victim@example.com');
    const [victimSession] = await sessionsOf(victim.client);
    const foreign = await mallory.client.send({
      method: 'POST',
      path: '/account/sessions/end/',
      body: { id: victimSession!.id },
    });
    const unknown = await mallory.client.send({
      method: 'POST',
      path: '/account/sessions/end/',
      body: { id: '6f1c2a52-5d7e-4a38-9a55-2b8f3f0a9d11' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(codeOf(foreign)).toBe(10404);
    expect((await victim.client.send({ method: 'GET', path: '/patient/event/' })).status).toBe(200);
    expect((await sessionsOf(mallory.client)).map((s) => s.id)).not.toContain(victimSession!.id);

    const malformed = await mallory.client.send({
      method: 'POST',
      path: '/account/sessions/end/',
      body: { id: 'x' },
    });
    expect(codeOf(malformed)).toBe(10400);
    expect(pathsOf(malformed)).toEqual(['id']);
  });

  it('signs out every other device and keeps this one', async () => {
    const { client, email, password } = await signedUpPatient(t, 'end-others@example.com');
    const others = [
      await deviceSignIn(email, password, SAFARI_IPHONE),
      await deviceSignIn(email, password, FIREFOX_WINDOWS),
    ];
    const answer = endedSessions.parse(await client.post('/account/sessions/end-others/', {}));
    expect(answer.ended).toBe(2);
    for (const other of others) {
      expect(codeOf(await other.send({ method: 'GET', path: '/patient/event/' }))).toBe(10401);
    }
    const left = await sessionsOf(client);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const c = t.client();
    await c.handshake();
    expect(codeOf(await c.send({ method: 'GET', path: '/account/sessions/' }))).toBe(10401);
  });
});

describe('device label', () => {
  it.each([
    [FIREFOX_WINDOWS, 'Firefox', 'Windows'],
    [SAFARI_IPHONE, 'Safari', 'iOS'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
    ['curl/8.5.0', null, null],
  ])('names %s', (ua, browser, os) => {
    expect(deviceOf(ua)).toEqual({ browser, os });
  });

  it('knows nothing without a User-Agent', () => {
    expect(deviceOf(null)).toEqual({ browser: null, os: null });
  });
});
