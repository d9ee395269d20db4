import type { TokenData } from '@portal/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../src/api/auth-api.ts';
import { getActingFor, setActingFor } from '../../src/api/acting-for.ts';
import { apiRequest } from '../../src/api/client.ts';
import { FakePortalServer } from '../../testing/fake-portal-server.ts';
import { readHandshake } from '../../src/api/handshake-store.ts';
import { dismissNotice, getNotices } from '../../src/api/notice-store.ts';
import { clearSession, getSession, storeTokens } from '../../src/api/session.ts';
import { onNetworkIssue } from '../../src/api/transport.ts';

let server: FakePortalServer;

const poll = () =>
  apiRequest<{ name: string | null }>({ method: 'GET', path: '/patient/event/', progress: false });
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  server = new FakePortalServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  clearSession('logout');
  for (const notice of getNotices()) dismissNotice(notice.id);
  vi.unstubAllGlobals();
});

describe('API client (spec §4, §8)', () => {
  it('seals the password, stores tokens and keeps the uid after login', async () => {
    const outcome = await login({
      email: 'sam@example.com',
      password: 'Correct horse 12',
      keepLoggedIn: true,
    });
    expect(outcome).toEqual({ kind: 'signed-in', roles: ['user'] });
    expect(server.lastPassword).toBe('Correct horse 12');
    expect(server.calls.map((c) => c.path)).toEqual(['/token/handshake_any/', '/token/']);
    expect(server.calls[1]?.authorization).toBeNull();
    expect(getSession()?.user).toMatchObject({ first_name: 'Sam', keep: true, roles: ['user'] });
    expect(readHandshake()?.uid).toBe('uid-1');
  });

  it('after expiry, parallel requests wait for exactly one refresh and replay with the new token', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    const session = getSession();
    if (!session) throw new Error('no session');
    storeTokens(
      { ...server.tokens('access-0', nowSeconds() - 5), refresh: session.refresh } as TokenData,
      false,
    );

    const answers = await Promise.all([poll(), poll(), poll(), poll(), poll()]);

    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ name: null })));
    expect(server.refreshCount).toBe(1);
    const events = server.calls.filter((c) => c.path === '/patient/event/');
    expect(events.map((c) => c.authorization)).toEqual(Array.from({ length: 5 }, () => 'Bearer access-1'));
    expect(getSession()?.access).toBe('access-1');
  });

  it('on 10014 handshakes once more, refreshes on the new uid and retries, silently', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    server.forget('uid-1');

    await expect(poll()).resolves.toEqual({ name: null });

    expect(server.handshakeCount).toBe(2);
    expect(server.refreshCount).toBe(1);
    expect(server.calls.slice(-4).map((c) => [c.path, c.uid])).toEqual([
      ['/patient/event/', 'uid-1'],
      ['/token/handshake_any/', null],
      ['/token/refresh/', 'uid-2'],
      ['/patient/event/', 'uid-2'],
    ]);
    expect(getNotices()).toEqual([]);
  });

  it('on 10014 noticed by a public call, a signed-in client still moves its tokens to the new uid', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    server.forget('uid-1');

    await apiRequest({ method: 'GET', path: '/public/config/', auth: false });
    await expect(poll()).resolves.toEqual({ name: null });

    expect(server.refreshCount).toBe(1);
    expect(server.calls.slice(-2).map((c) => [c.path, c.uid, c.authorization])).toEqual([
      ['/public/config/', 'uid-2', null],
      ['/patient/event/', 'uid-2', 'Bearer access-1'],
    ]);
    expect(getSession()).not.toBeNull();
  });

  it('on HTTP 401 with 10401 shows Session Expired for 5 s and clears session, key and uid', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    server.validAccess = 'something-else';

    await expect(poll()).rejects.toMatchObject({ status: 401, code: 10401 });

    expect(getNotices()).toEqual([
      expect.objectContaining({ key: 'sessionExpired', durationMs: 5_000, tone: 'error' }),
    ]);
    expect(getSession()).toBeNull();
    expect(readHandshake()).toBeNull();
    expect(document.cookie).not.toContain('portal_auth=');
  });

  it('on a wrong password shows Login Failed for 8 s as a warning', async () => {
    server.loginAnswer = { status: 401, code: 10013 };
    await expect(
      login({ email: 'sam@example.com', password: 'nope', keepLoggedIn: false }),
    ).rejects.toMatchObject({
      code: 10013,
    });
    expect(getNotices()).toEqual([
      expect.objectContaining({ key: 'loginFailed', durationMs: 8_000, tone: 'warning' }),
    ]);
  });

  it('on 10012 shows Account Locked for 10 s', async () => {
    server.loginAnswer = { status: 423, code: 10012 };
    await expect(
      login({ email: 'sam@example.com', password: 'x', keepLoggedIn: false }),
    ).rejects.toMatchObject({
      code: 10012,
    });
    expect(getNotices()).toEqual([expect.objectContaining({ key: 'accountLocked', durationMs: 10_000 })]);
  });

  it("treats the portal's 503 (10503, database unreachable) as a network issue, not an API error", async () => {
    server.loginAnswer = { status: 503, code: 10503 };
    const heard: string[] = [];
    const stop = onNetworkIssue((error) => heard.push(error.name));
    try {
      await expect(
        login({ email: 'sam@example.com', password: 'x', keepLoggedIn: false }),
      ).rejects.toMatchObject({ name: 'NetworkError' });
    } finally {
      stop();
    }
    expect(heard).toEqual(['NetworkError']);
    expect(getNotices()).toEqual([]);
  });
});

describe('acting for a patient (decision 0023)', () => {
  const PATIENT = '7d1e2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';
  const get = (path: string) => apiRequest({ method: 'GET', path });

  it('sends the patient on the record routes only, never on the event poll or the account', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    await get('/patient/profile/');
    setActingFor(PATIENT);
    await get('/patient/profile/');
    await poll();
    await get('/account/caregivers/');
    setActingFor(null);
    await get('/patient/bf_adl/');
    const sent = server.calls.filter((c) => c.path !== '/token/handshake_any/' && c.path !== '/token/');
    expect(sent.map((c) => [c.path, c.actingFor])).toEqual([
      ['/patient/profile/', null],
      ['/patient/profile/', PATIENT],
      ['/patient/event/', null],
      ['/account/caregivers/', null],
      ['/patient/bf_adl/', null],
    ]);
  });

  it('logout forgets the record open', async () => {
    await login({ email: 'sam@example.com', password: 'Correct horse 12', keepLoggedIn: false });
    setActingFor(PATIENT);
    expect(sessionStorage.getItem('portal.actingFor')).toBe(PATIENT);
    clearSession('logout');
    expect(getActingFor()).toBeNull();
    expect(sessionStorage.getItem('portal.actingFor')).toBeNull();
  });
});
