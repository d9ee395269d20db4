import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSalt, seal } from '@portal/protocol';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../../testing/test-portal.ts';
import { codeOf } from '../../../testing/answers.ts';

let t: TestPortal;
beforeAll(async () => {
  t = await startTestPortal();
});
afterAll(() => t.close());

/** A login whose password is sealed by hand, so the test controls salt and ciphertext. */
async function loginWith(salt: string, sealedPassword: (z: Uint8Array) => Promise<string>) {
  const c = t.client();
  await c.handshake();
  const password = await sealedPassword(c.sharedSecret!);
  return {
    c,
    answer: await c.send({
      method: 'POST',
      path: '/token/',
      body: { email: DEMO_PATIENT.email, password },
      headers: { salt },
    }),
  };
}

describe('envelope transport', () => {
  it('refuses a second use of a salt for the same uid with 10015', async () => {
    const salt = generateSalt();
    const c = t.client();
    await c.handshake();
    const body = {
      email: DEMO_PATIENT.email,
      password: await seal(c.sharedSecret!, salt, 'c2s', DEMO_PATIENT.password),
    };
    const first = await c.send({ method: 'POST', path: '/token/', body, headers: { salt } });
    expect(first.status).toBe(200);
    const replay = await c.send({ method: 'POST', path: '/token/', body, headers: { salt } });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ code: 10015, message: 'Salt already used' });
  });

  it('answers 10016 Decryption failed, the same body whatever went wrong', async () => {
    const cases: Array<(z: Uint8Array, salt: string) => Promise<string>> = [
      async () => 'not base64 at all!',
      async () => 'AAAA',
      async (z, salt) => {
        const good = Buffer.from(await seal(z, salt, 'c2s', DEMO_PATIENT.password), 'base64');
        good[0]! ^= 1;
        return good.toString('base64');
      },
      async (z, salt) => await seal(z, salt, 's2c', DEMO_PATIENT.password),
      async (z) => seal(z, generateSalt(), 'c2s', DEMO_PATIENT.password),
    ];
    const bodies = [];
    for (const make of cases) {
      const salt = generateSalt();
      const { answer } = await loginWith(salt, (z) => make(z, salt));
      expect(answer.status).toBe(400);
      bodies.push(answer.body);
    }
    for (const body of bodies) expect(body).toEqual({ code: 10016, message: 'Decryption failed' });
  });

  it('refuses a salt that is not 16 letters with 10400', async () => {
    for (const salt of ['short', 'AbCdEfGhIjKlMnO1', 'AbCdEfGhIjKlMnOpQ']) {
      const { answer } = await loginWith(salt, async (z) => seal(z, 'AbCdEfGhIjKlMnOp', 'c2s', 'x'));
      expect(codeOf(answer)).toBe(10400);
    }
  });

  it('answers 10014 when the uid is missing or unknown on an encrypted request', async () => {
    const c = t.client();
    const answer = await c.send({
      method: 'POST',
      path: '/token/',
      body: { email: DEMO_PATIENT.email, password: 'AAAA' },
      headers: { salt: generateSalt() },
    });
    expect(answer.body).toEqual({ code: 10014, message: 'Unknown or expired handshake: handshake again' });
  });

  it('answers unknown API paths with 10404 Items not found and never a stack trace', async () => {
    const response = await fetch(`${t.baseUrl}/backend/api/v1/nothing/here/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 10404, message: 'Items not found' });
  });

  it('refuses bodies over the size cap with 10413 and unsupported content types with 10415', async () => {
    const huge = await fetch(`${t.baseUrl}/backend/api/v1/token/handshake_any/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 10413 });
    const xml = await fetch(`${t.baseUrl}/backend/api/v1/token/handshake_any/`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<key/>',
    });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ code: 10415 });
  });

  it('accepts paths without the trailing slash', async () => {
    const response = await fetch(`${t.baseUrl}/backend/api/v1/public/config`);
    expect(response.status).toBe(200);
  });
});
