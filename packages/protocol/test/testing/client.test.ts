import { beforeEach, describe, expect, it } from 'vitest';
import vectors from '../../testing/fixtures/protocol-vectors.json';
import { ApiError } from '../../src/api-error.ts';
import { PortalClient } from '../../testing/client.ts';
import { open, openJson, sealJson } from '../../src/envelope.ts';
import { ProtocolError } from '../../src/error-codes.ts';
import { deriveSharedSecret, generateKeyPair } from '../../src/keys.ts';
import { generateSalt, isValidSalt } from '../../src/salt.ts';
import { tokenData } from '../../src/schemas/auth.ts';

const BASE_URL = 'https://portal.test';
const PREFIX = `${BASE_URL}/backend/api/v1`;

interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** The token response of protocol-vectors.json, as the fake server's answer to a login. */
const tokenVector = vectors.messages.find((message) => message.direction === 's2c');
if (tokenVector === undefined) throw new Error('protocol-vectors.json has no s2c message');
const tokens = tokenData.parse(JSON.parse(tokenVector.plaintext));

/**
 * A stand-in for the server that speaks protocol.md with the package's own primitives:
 * enough to see what the client puts on the wire and how it reads the answers.
 */
class FakeServer {
  readonly requests: RecordedRequest[] = [];
  z: Uint8Array | undefined;
  lastSecret: string | undefined;
  lastPayload: unknown;

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    this.requests.push({ method: request.method, url: request.url, headers: request.headers, body });
    return this.answer(new URL(request.url).pathname.slice('/backend/api/v1'.length), request.headers, body);
  };

  private async answer(path: string, headers: Headers, body: unknown): Promise<Response> {
    const fields = (body ?? {}) as Record<string, string>;
    switch (path) {
      case '/token/handshake_any/': {
        const server = await generateKeyPair();
        this.z = await deriveSharedSecret(server.privateKey, fields.key ?? '');
        return json(200, { code: 0, data: { key: server.publicKeyHex, uid: 'uid-1' } });
      }
      case '/token/':
      case '/token/password/reset/confirm/':
        this.lastSecret = await open(
          this.requireZ(),
          headers.get('salt') ?? '',
          'c2s',
          fields.password ?? fields.new_password ?? '',
        );
        return path === '/token/' ? this.envelope(tokens) : json(200, { code: 0, data: {} });
      case '/token/refresh/':
        return fields.refresh === tokens.refresh
          ? this.envelope({ ...tokens, access: 'access-2', refresh: 'refresh-2' })
          : json(401, { code: 10401, message: 'Session expired' });
      case '/patient/profile/':
        if (headers.get('authorization') !== `Bearer ${tokens.access}`)
          return json(401, { code: 10401, message: 'Session expired' });
        if (body !== undefined)
          this.lastPayload = await openJson(
            this.requireZ(),
            headers.get('salt') ?? '',
            'c2s',
            fields.data ?? '',
          );
        return this.envelope({ first_name: 'Ana' });
      case '/public/config/':
        return json(200, { code: 0, data: { chat_mode: 'builtin' } });
      case '/token/logout/':
        return json(200, { code: 0, data: {} });
      case '/validation/':
        return json(400, {
          code: 10400,
          message: 'Validation failed',
          errors: [{ path: 'email', message: 'Invalid email' }],
        });
      default:
        return new Response('<html>Bad gateway</html>', { status: 502 });
    }
  }

  private requireZ(): Uint8Array {
    if (this.z === undefined) throw new Error('no handshake');
    return this.z;
  }

  private async envelope(value: unknown): Promise<Response> {
    const salt = generateSalt();
    return json(200, { code: 0, salt, data: await sealJson(this.requireZ(), salt, 's2c', value) });
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('PortalClient', () => {
  let server: FakeServer;
  let client: PortalClient;

  beforeEach(() => {
    server = new FakeServer();
    client = new PortalClient({ baseUrl: `${BASE_URL}/`, fetch: server.fetch });
  });

  it('handshakes: sends its public key without a bearer token and agrees on Z with the server', async () => {
    await client.handshake();
    const [request] = server.requests;
    expect(request?.url).toBe(`${PREFIX}/token/handshake_any/`);
    expect(request?.body).toEqual({ key: expect.stringMatching(/^04[0-9a-f]{128}$/) });
    expect(request?.headers.get('authorization')).toBeNull();
    expect(client.uid).toBe('uid-1');
    expect(client.sharedSecret).toEqual(server.z);
  });

  it('logs in: seals the password under a fresh salt header and stores the tokens it opens', async () => {
    await client.handshake();
    const result = await client.login('pat@example.org', 'Patient-demo-2025');
    const request = server.requests.at(-1);
    expect(request?.headers.get('uid')).toBe('uid-1');
    expect(isValidSalt(request?.headers.get('salt'))).toBe(true);
    expect(request?.body).toMatchObject({ email: 'pat@example.org' });
    expect(JSON.stringify(request?.body)).not.toContain('Patient-demo-2025');
    expect(server.lastSecret).toBe('Patient-demo-2025');
    expect(tokenData.parse(result)).toEqual(tokens);
    expect([client.access, client.refreshToken]).toEqual([tokens.access, tokens.refresh]);
  });

  it('uses a new salt for every encrypted request', async () => {
    await client.handshake();
    await client.login('pat@example.org', 'Patient-demo-2025');
    await client.login('pat@example.org', 'Patient-demo-2025');
    const salts = server.requests.slice(1).map((request) => request.headers.get('salt'));
    expect(new Set(salts).size).toBe(2);
  });

  it('seals the new password of a reset confirmation', async () => {
    await client.handshake();
    await client.confirmPasswordReset('reset-token', 'Another-long-pass');
    expect(server.requests.at(-1)?.body).toMatchObject({ token: 'reset-token' });
    expect(server.lastSecret).toBe('Another-long-pass');
  });

  it('sends an encrypted body as { data } with a bearer token and opens the envelope answer', async () => {
    await client.handshake();
    await client.login('pat@example.org', 'Patient-demo-2025');
    const profile = await client.post('/patient/profile/', { first_name: 'Ana' }, { encrypt: true });
    const request = server.requests.at(-1);
    expect(Object.keys(request?.body as object)).toEqual(['data']);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${tokens.access}`);
    expect(server.lastPayload).toEqual({ first_name: 'Ana' });
    expect(profile).toEqual({ first_name: 'Ana' });
  });

  it('builds GET URLs with a query and returns plain data as is', async () => {
    await expect(client.get('/public/config/', { lang: 'cn' })).resolves.toEqual({ chat_mode: 'builtin' });
    expect(server.requests.at(-1)?.url).toBe(`${PREFIX}/public/config/?lang=cn`);
    expect(server.requests.at(-1)?.method).toBe('GET');
  });

  it('rotates tokens on refresh', async () => {
    await client.handshake();
    await client.login('pat@example.org', 'Patient-demo-2025');
    await client.refresh();
    expect([client.access, client.refreshToken]).toEqual(['access-2', 'refresh-2']);
    expect(server.requests.at(-1)?.headers.get('authorization')).toBeNull();
  });

  it('send never throws on an error answer and reports status and body', async () => {
    const response = await client.send({ method: 'GET', path: '/patient/profile/' });
    expect(response).toEqual({
      status: 401,
      body: { code: 10401, message: 'Session expired' },
      data: undefined,
    });
  });

  it('call throws ApiError with code, status, field errors and body', async () => {
    const error = await client
      .call({ method: 'POST', path: '/validation/', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({
      code: 10400,
      status: 400,
      message: 'Validation failed',
      errors: [{ path: 'email', message: 'Invalid email' }],
    });
  });

  it('reads a body that is not JSON as text and fails the call with 10500', async () => {
    const response = await client.send({ method: 'GET', path: '/unknown/' });
    expect(response).toEqual({ status: 502, body: '<html>Bad gateway</html>', data: undefined });
    await expect(client.get('/unknown/')).rejects.toMatchObject({ code: 10500, status: 502 });
  });

  it('refuses to encrypt before a handshake with 10014', async () => {
    await expect(client.login('pat@example.org', 'Patient-demo-2025')).rejects.toMatchObject({ code: 10014 });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to refresh without a refresh token with 10401', async () => {
    await expect(client.refresh()).rejects.toMatchObject({ code: 10401 });
  });

  it('refuses encrypt together with secretField: one salt protects one value', async () => {
    await client.handshake();
    await expect(
      client.send({
        method: 'POST',
        path: '/token/',
        body: { password: 'x' },
        encrypt: true,
        secretField: 'password',
      }),
    ).rejects.toThrow(TypeError);
  });

  it('lets headers given per request override its own', async () => {
    await client.handshake();
    await client.send({ method: 'GET', path: '/public/config/', headers: { uid: 'someone-else' } });
    expect(server.requests.at(-1)?.headers.get('uid')).toBe('someone-else');
  });

  it('forgets tokens, uid and Z on logout', async () => {
    await client.handshake();
    await client.login('pat@example.org', 'Patient-demo-2025');
    await client.logout();
    expect(server.requests.at(-1)?.headers.get('authorization')).toBe(`Bearer ${tokens.access}`);
    expect([client.uid, client.sharedSecret, client.access, client.refreshToken]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
