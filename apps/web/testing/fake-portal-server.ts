import {
  ACTING_FOR_HEADER,
  generateKeyPair,
  deriveSharedSecret,
  generateSalt,
  open,
  openJson,
  sealJson,
} from '@portal/protocol';

/** Test double of the server side of protocol.md, answering the web client's fetch calls. */
export class FakePortalServer {
  readonly calls: {
    method: string;
    path: string;
    /** The query string, `?` included, or ''. */
    search: string;
    uid: string | null;
    authorization: string | null;
    actingFor: string | null;
  }[] = [];
  refreshCount = 0;
  handshakeCount = 0;
  /** The access token the server currently accepts. */
  validAccess = 'access-0';
  lastPassword: string | null = null;
  loginAnswer: { status: number; code: number } | null = null;
  /** Who signs in: a patient by default; a test of a staff screen gives its staff permissions. */
  signedInAs: { roles: string[]; auths: string[] } = { roles: ['user'], auths: [] };
  /**
   * Sealed answers by path for a signed-in caller, or by `METHOD path` where one path reads and
   * writes; any other path answers `{ name: null }`.
   */
  readonly answers = new Map<string, unknown>();
  /** Refusals by path or `METHOD path` (`{ code, message }` with its HTTP status), before any answer. */
  readonly refusals = new Map<string, { status: number; code: number; message: string }>();
  /** The sealed bodies a signed-in caller sent (`encryptBody`), opened, in order. */
  readonly sealedBodies: { path: string; body: unknown }[] = [];
  readonly #secrets = new Map<string, Uint8Array>();
  /** protocol.md §5: an access token is good only on the handshake it was issued on. */
  #accessUid: string | null = null;

  forget(uid: string): void {
    this.#secrets.delete(uid);
  }

  tokens(access: string, expires = Math.floor(Date.now() / 1000) + 900) {
    return {
      access,
      refresh: `refresh-for-${access}`,
      expires,
      mfa: false,
      username: 'sam@example.com',
      ...this.signedInAs,
      first_name: 'Sam',
      insurance_type: null,
    };
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    const path = url.pathname.replace('/backend/api/v1', '');
    const headers = new Headers(init?.headers);
    const uid = headers.get('uid');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    this.calls.push({
      method: init?.method ?? 'GET',
      path,
      search: url.search,
      uid,
      authorization: headers.get('Authorization'),
      actingFor: headers.get(ACTING_FOR_HEADER),
    });

    if (path === '/token/handshake_any/') {
      this.handshakeCount++;
      const server = await generateKeyPair();
      const newUid = `uid-${this.handshakeCount}`;
      this.#secrets.set(newUid, await deriveSharedSecret(server.privateKey, body.key ?? ''));
      return json(200, { code: 0, data: { key: server.publicKeyHex, uid: newUid } });
    }
    const z = uid ? this.#secrets.get(uid) : undefined;
    if (!z) return json(400, { code: 10014, message: 'Unknown or expired handshake: handshake again' });

    if (path === '/token/') {
      this.lastPassword = await open(z, headers.get('salt') ?? '', 'c2s', body.password ?? '');
      if (this.loginAnswer)
        return json(this.loginAnswer.status, { code: this.loginAnswer.code, message: 'no' });
      this.#accessUid = uid;
      return sealed(z, this.tokens(this.validAccess));
    }
    if (path === '/token/refresh/') {
      this.refreshCount++;
      this.validAccess = `access-${this.refreshCount}`;
      this.#accessUid = uid;
      return sealed(z, this.tokens(this.validAccess));
    }
    if (path === '/public/config/') return json(200, { code: 0, data: {} });
    if (headers.get('Authorization') !== `Bearer ${this.validAccess}` || uid !== this.#accessUid) {
      return json(401, { code: 10401, message: 'Session expired' });
    }
    const salt = headers.get('salt');
    if (salt && typeof body.data === 'string') {
      this.sealedBodies.push({ path, body: await openJson(z, salt, 'c2s', body.data) });
    }
    const byMethod = `${init?.method ?? 'GET'} ${path}`;
    const refusal = this.refusals.get(byMethod) ?? this.refusals.get(path);
    if (refusal) return json(refusal.status, { code: refusal.code, message: refusal.message });
    if (this.answers.has(byMethod)) return sealed(z, this.answers.get(byMethod));
    if (this.answers.has(path)) return sealed(z, this.answers.get(path));
    return json(200, { code: 0, data: { name: null } });
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function sealed(z: Uint8Array, value: unknown): Promise<Response> {
  const salt = generateSalt();
  return json(200, { code: 0, salt, data: await sealJson(z, salt, 's2c', value) });
}
