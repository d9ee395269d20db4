/**
 * An independent client for the portal wire protocol, written from
 * shared/design/protocol.md and portal-spec.md §7 alone.
 *
 * Its purpose is to prove that the protocol document is complete: it deliberately
 * imports nothing from the repository (no `@portal/protocol`, no server code), only
 * `node:crypto` and the global `fetch`. Every rule below cites the section of
 * protocol.md it implements; where the document left a choice open, the comment
 * says `GAP:` and what this client assumed.
 */
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  hkdfSync,
  randomInt,
  timingSafeEqual,
  type ECDH,
} from 'node:crypto';

// ---------------------------------------------------------------------------
// Constants fixed by the document
// ---------------------------------------------------------------------------

/** §7: "All under /backend/api/v1". */
export const API_PREFIX = '/backend/api/v1';

/** §3: the HKDF `info` labels, one per direction so the two sides never share a key. */
export const LABEL_C2S = 'portal-v1 c2s';
export const LABEL_S2C = 'portal-v1 s2c';

/** §3: "16 characters drawn uniformly from A–Z a–z". */
const SALT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SALT_LENGTH = 16;
const SALT_PATTERN = /^[A-Za-z]{16}$/;

/** §3: HMAC-SHA-256 tag, 32 bytes; AES block, 16 bytes. */
const TAG_LENGTH = 32;
const BLOCK = 16;
/** §3 (**spec**): "IV = 16 zero bytes". Safe only because every key encrypts one message. */
const ZERO_IV = Buffer.alloc(BLOCK);

/** §3: "standard base64 (with padding)". */
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** §2: "exactly 130 characters" of hex, the uncompressed SEC1 point `04 || X || Y`. */
const PUBLIC_KEY_HEX_LENGTH = 130;

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/** A non-zero `code` answered by the server (§1: "Every response body is an object with a numeric code"). */
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly serverMessage: string,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}, code ${code}: ${serverMessage}`);
    this.name = 'ProtocolError';
  }
}

/** The server's answer did not have the shape the document promises. */
export class ShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShapeError';
  }
}

/** Message for every local failure to open an envelope (§3: "the same body whatever went wrong inside"). */
export const DECRYPTION_FAILED = 'Decryption failed';

// ---------------------------------------------------------------------------
// Small type guards (the client trusts nothing it receives)
// ---------------------------------------------------------------------------

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

// ---------------------------------------------------------------------------
// §2: hex keys and ECDH
// ---------------------------------------------------------------------------

/**
 * §2 / spec §5: "Hex is checked first: odd length or a non-hex character gives
 * 'Invalid hex string'". The client applies the same rule to the server's key.
 */
export function hexToBytes(hex: string): Buffer {
  if (hex.length % 2 !== 0 || !/^[0-9A-Fa-f]*$/.test(hex)) throw new Error('Invalid hex string');
  return Buffer.from(hex, 'hex');
}

/**
 * §2: "Both sides compute Z = the 32-byte x-coordinate of the ECDH shared point."
 * Node's ECDH.computeSecret returns exactly that x-coordinate, and (through
 * OpenSSL's point decoding) refuses a point that is not on P-256, which is the
 * document's "Never compute ECDH with an unchecked point". The length and `04`
 * prefix are checked here first because §2 allows only the uncompressed form.
 */
export function sharedSecret(ecdh: ECDH, peerPublicHex: string): Buffer {
  const point = hexToBytes(peerPublicHex);
  if (peerPublicHex.length !== PUBLIC_KEY_HEX_LENGTH || point[0] !== 0x04) {
    throw new Error('Invalid public key');
  }
  let z: Buffer;
  try {
    z = ecdh.computeSecret(point);
  } catch {
    throw new Error('Invalid public key');
  }
  if (z.length !== 32) throw new Error('Invalid public key');
  return z;
}

/** A fresh P-256 key pair (§2: the key is sent as uncompressed hex). */
export function newKeyPair(): { ecdh: ECDH; publicHex: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, publicHex: ecdh.getPublicKey('hex', 'uncompressed') };
}

/** A key pair from a known raw 32-byte private scalar (for the §9 known answers). */
export function keyPairFromPrivate(privateHex: string): { ecdh: ECDH; publicHex: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(hexToBytes(privateHex));
  return { ecdh, publicHex: ecdh.getPublicKey('hex', 'uncompressed') };
}

// ---------------------------------------------------------------------------
// §3: salts, keys, seal and open
// ---------------------------------------------------------------------------

/** §3: a fresh salt for every message, "from a CSPRNG" (crypto.randomInt is uniform, no modulo bias). */
export function newSalt(): string {
  let salt = '';
  for (let i = 0; i < SALT_LENGTH; i++) salt += SALT_ALPHABET[randomInt(SALT_ALPHABET.length)];
  return salt;
}

/**
 * §3: HKDF-SHA-256(IKM = Z, salt = UTF-8(salt), info = UTF-8(label), 64 bytes);
 * the first 32 bytes are K_enc, the last 32 K_mac.
 */
export function deriveKeys(z: Buffer, salt: string, label: string): { kEnc: Buffer; kMac: Buffer } {
  if (!SALT_PATTERN.test(salt)) throw new Error('salt must be 16 letters A-Z a-z');
  const okm = Buffer.from(hkdfSync('sha256', z, Buffer.from(salt, 'utf8'), Buffer.from(label, 'utf8'), 64));
  return { kEnc: okm.subarray(0, 32), kMac: okm.subarray(32, 64) };
}

/**
 * §3: AES-256-CBC (zero IV, PKCS#7) then tag = HMAC-SHA-256(K_mac, ciphertext);
 * the encoded value is base64(ciphertext || tag).
 */
export function seal(z: Buffer, salt: string, label: string, plaintext: string): string {
  const { kEnc, kMac } = deriveKeys(z, salt, label);
  const cipher = createCipheriv('aes-256-cbc', kEnc, ZERO_IV); // PKCS#7 padding is Node's default
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = createHmac('sha256', kMac).update(ciphertext).digest();
  return Buffer.concat([ciphertext, tag]).toString('base64');
}

/**
 * §3: "The receiver checks the tag in constant time **before** any decryption or
 * unpadding." Every failure throws the same 'Decryption failed' (no oracle, even locally).
 */
export function open(z: Buffer, salt: string, label: string, encoded: string): string {
  if (!BASE64_PATTERN.test(encoded)) throw new Error(DECRYPTION_FAILED);
  const raw = Buffer.from(encoded, 'base64');
  // At least one cipher block plus the tag, and whole blocks (PKCS#7 always adds one).
  if (raw.length < BLOCK + TAG_LENGTH || (raw.length - TAG_LENGTH) % BLOCK !== 0) {
    throw new Error(DECRYPTION_FAILED);
  }
  const ciphertext = raw.subarray(0, raw.length - TAG_LENGTH);
  const tag = raw.subarray(raw.length - TAG_LENGTH);
  const { kEnc, kMac } = deriveKeys(z, salt, label);
  const expected = createHmac('sha256', kMac).update(ciphertext).digest();
  if (!timingSafeEqual(expected, tag)) throw new Error(DECRYPTION_FAILED);
  try {
    const decipher = createDecipheriv('aes-256-cbc', kEnc, ZERO_IV);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    // §1: data "decrypts to UTF-8 JSON"; reject invalid UTF-8 rather than replace it.
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new Error(DECRYPTION_FAILED);
  }
}

// ---------------------------------------------------------------------------
// §5: the token response
// ---------------------------------------------------------------------------

/** §5: `{ access, refresh, expires, mfa, username, roles, auths, first_name, insurance_type }`. */
export interface TokenResponse {
  access: string;
  refresh: string;
  /** §5: access-token expiry as Unix **seconds**. */
  expires: number;
  mfa: false;
  username: string;
  roles: ('user' | 'admin')[];
  auths: string[];
  first_name: string;
  /**
   * GAP: §5 names `insurance_type` but gives neither its type nor its values; the
   * §9 known-answer vector shows `null`, so the client accepts a string or null.
   */
  insurance_type: string | null;
}

/** §5: the MFA branch, `{ mfa: true, mfa_token }` with no tokens. */
export interface MfaChallenge {
  mfa: true;
  mfa_token: string;
}

/** Checks every field §5 lists, with the types the document (or its known answers) give. */
export function parseTokenResponse(value: unknown): TokenResponse {
  if (!isObject(value)) throw new ShapeError('token response is not an object');
  const problems: string[] = [];
  const str = (k: string) => {
    if (typeof value[k] !== 'string' || value[k] === '') problems.push(`${k} must be a non-empty string`);
  };
  str('access');
  str('refresh');
  str('username');
  if (typeof value.first_name !== 'string') problems.push('first_name must be a string');
  const expires = value.expires;
  // §5: Unix seconds, so an integer of 10 digits today, not milliseconds (13 digits).
  if (typeof expires !== 'number' || !Number.isInteger(expires) || expires <= 0 || expires >= 1e11) {
    problems.push('expires must be an integer count of Unix seconds');
  }
  if (value.mfa !== false) problems.push('mfa must be false in a token response');
  const roles = value.roles;
  if (!isStringArray(roles) || !roles.every((r) => r === 'user' || r === 'admin')) {
    problems.push('roles must be a subset of ["user","admin"]');
  }
  if (!isStringArray(value.auths)) problems.push('auths must be a list of strings');
  if (!('insurance_type' in value)) problems.push('insurance_type is missing');
  else if (value.insurance_type !== null && typeof value.insurance_type !== 'string') {
    problems.push('insurance_type must be a string or null');
  }
  if (problems.length > 0) throw new ShapeError(`token response: ${problems.join('; ')}`);
  return value as unknown as TokenResponse;
}

/**
 * §5: `access` is a "signed JWT"; the document does not name its claims, so the
 * client only decodes the payload for display and never relies on it.
 */
export function decodeJwtPayload(jwt: string): JsonObject {
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    throw new ShapeError('access is not a compact JWS (three base64url parts)');
  }
  const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  if (!isObject(payload)) throw new ShapeError('JWT payload is not an object');
  return payload;
}

// ---------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------

export interface RawResponse {
  status: number;
  headers: Headers;
  body: JsonObject;
}

/** The outcome of a call whose answer may be an error: the client's tests assert on both. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };

/** The event poll's answer, with the raw body so callers can check the framing too. */
export interface EventAnswer {
  name: string | null;
  encrypted: boolean;
  body: JsonObject;
}

export interface Session {
  uid: string;
  z: Buffer;
  serverPublicHex: string;
}

export interface ClientOptions {
  /** Called with one human-readable line per request, for the CLI. */
  log?: (line: string) => void;
}

/**
 * A stateful client: handshake state (§2) and tokens (§5).
 * It follows the spec's client rules (portal-spec §4 Session, §8 error catalogue)
 * only where the flow needs them: a 10014 answer re-runs the handshake once.
 */
export class IndependentClient {
  readonly baseUrl: string;
  session: Session | undefined;
  tokens: TokenResponse | undefined;
  private readonly log: (line: string) => void;

  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.log = options.log ?? (() => {});
  }

  /** One HTTP exchange. §1: every response body is a JSON object with a numeric `code`. */
  async request(
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: JsonObject } = {},
  ): Promise<RawResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.baseUrl}${API_PREFIX}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ShapeError(
        `${method} ${path}: HTTP ${response.status}, body is not JSON: ${text.slice(0, 200)}`,
      );
    }
    if (!isObject(body) || typeof body.code !== 'number') {
      throw new ShapeError(`${method} ${path}: HTTP ${response.status}, body has no numeric code`);
    }
    this.log(`${method} ${API_PREFIX}${path} -> HTTP ${response.status}, code ${body.code}`);
    return { status: response.status, headers: response.headers, body };
  }

  /** §1: a non-zero code is an error `{ code, message, errors? }`. */
  private static check(raw: RawResponse): void {
    const { code, message } = raw.body;
    if (code === 0) return;
    throw new ProtocolError(raw.status, code as number, typeof message === 'string' ? message : '', raw.body);
  }

  /**
   * §1: "A response that carries tokens or PHI is an encrypted envelope:
   * { code: 0, salt: '<16 letters>', data: '<base64>' }; data decrypts to UTF-8 JSON."
   * Opened with the server-to-client label (§3).
   */
  openEnvelope(raw: RawResponse): unknown {
    const { salt, data } = raw.body;
    if (typeof salt !== 'string' || !SALT_PATTERN.test(salt) || typeof data !== 'string') {
      throw new ShapeError('expected an encrypted envelope { code: 0, salt, data }');
    }
    return JSON.parse(open(this.requireSession().z, salt, LABEL_S2C, data));
  }

  /**
   * portal-spec §7: "if salt and data are present, data is decrypted and parsed as
   * JSON"; otherwise a success is `{ code: 0, data: <json> }` (§1).
   */
  unwrap(raw: RawResponse): { value: unknown; encrypted: boolean } {
    if ('salt' in raw.body) return { value: this.openEnvelope(raw), encrypted: true };
    return { value: raw.body.data, encrypted: false };
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('no handshake yet');
    return this.session;
  }

  private requireTokens(): TokenResponse {
    if (!this.tokens) throw new Error('not signed in');
    return this.tokens;
  }

  /**
   * §2: POST /token/handshake_any/ { key } → { code: 0, data: { key, uid } }.
   * The answer is checked for shape; the server key must pass the same hex and
   * point checks the server applies to ours before ECDH.
   */
  async handshake(): Promise<Session> {
    const { ecdh, publicHex } = newKeyPair();
    const raw = await this.request('POST', '/token/handshake_any/', { body: { key: publicHex } });
    IndependentClient.check(raw);
    const data = raw.body.data;
    if (!isObject(data) || typeof data.key !== 'string' || typeof data.uid !== 'string') {
      throw new ShapeError('handshake answer must be { code: 0, data: { key, uid } }');
    }
    // §2: "uid is an opaque random string (at least 128 bits, URL-safe)".
    // GAP: the encoding is not given, so only URL-safe characters and a length that can
    // hold 128 bits in the densest URL-safe alphabet (base64url, 22 characters) are checked.
    if (!/^[A-Za-z0-9_.~-]{22,}$/.test(data.uid)) throw new ShapeError(`uid is not URL-safe: ${data.uid}`);
    const z = sharedSecret(ecdh, data.key);
    this.session = { uid: data.uid, z, serverPublicHex: data.key };
    this.tokens = undefined;
    return this.session;
  }

  /**
   * Runs `send` and, on code 10014 (§2: "unknown, expired or revoked uid ... the
   * client re-runs the handshake once and retries with the new uid"), handshakes
   * again and runs it once more. `send` is re-run rather than the request replayed
   * because a sealed value is bound to the old Z and its salt is single-use (§3).
   */
  private async withHandshakeRetry(send: () => Promise<RawResponse>): Promise<RawResponse> {
    const raw = await send();
    if (raw.body.code !== 10014) return raw;
    this.log('code 10014: uid unknown or expired, running the handshake again (§2)');
    await this.handshake();
    return send();
  }

  /** §1: `uid` on every call once known, `Authorization: Bearer` except on the token calls. */
  private headers(options: { bearer: boolean; salt?: string }): Record<string, string> {
    const headers: Record<string, string> = { uid: this.requireSession().uid };
    if (options.salt !== undefined) headers.salt = options.salt;
    if (options.bearer) headers.authorization = `Bearer ${this.requireTokens().access}`;
    return headers;
  }

  /**
   * §5: POST /token/ { email, password } with the password sealed (§4: "the field's
   * value is the encoded value of UTF-8(value) under the request's salt header"),
   * a fresh salt (§3), the uid header and no Authorization (§1).
   */
  async login(email: string, password: string): Promise<TokenResponse | MfaChallenge> {
    const raw = await this.withHandshakeRetry(() => {
      const salt = newSalt();
      const sealed = seal(this.requireSession().z, salt, LABEL_C2S, password);
      return this.request('POST', '/token/', {
        headers: this.headers({ bearer: false, salt }),
        body: { email, password: sealed },
      });
    });
    IndependentClient.check(raw);
    // §5: with MFA the answer is `{ mfa: true, mfa_token }` "with no tokens".
    // GAP: §1 says only responses carrying tokens or PHI are envelopes, so this
    // branch is read as a plain `{ code: 0, data: { mfa, mfa_token } }`; unwrap handles both.
    const { value } = this.unwrap(raw);
    if (isObject(value) && value.mfa === true && typeof value.mfa_token === 'string') {
      return { mfa: true, mfa_token: value.mfa_token };
    }
    if (!('salt' in raw.body)) throw new ShapeError('a token response must be an encrypted envelope (§1)');
    this.tokens = parseTokenResponse(value);
    return this.tokens;
  }

  /**
   * §5: POST /token/refresh/ { refresh } → a new token response; rotated on every use.
   * GAP: §4 does not list the refresh token among the encrypted fields, so it is
   * sent in clear JSON (TLS only), with the uid header and no Authorization (§1).
   */
  async refresh(refreshToken: string = this.requireTokens().refresh): Promise<TokenResponse> {
    const raw = await this.request('POST', '/token/refresh/', {
      headers: this.headers({ bearer: false }),
      body: { refresh: refreshToken },
    });
    IndependentClient.check(raw);
    if (!('salt' in raw.body)) throw new ShapeError('a token response must be an encrypted envelope (§1)');
    this.tokens = parseTokenResponse(this.openEnvelope(raw));
    return this.tokens;
  }

  /** Like `refresh`, but returns the server's refusal instead of throwing (reuse detection, §5). */
  async tryRefresh(refreshToken: string): Promise<Outcome<TokenResponse>> {
    try {
      return { ok: true, value: await this.refresh(refreshToken) };
    } catch (error) {
      if (error instanceof ProtocolError) return { ok: false, error };
      throw error;
    }
  }

  /**
   * §7: GET /patient/event/ → `{ name }`, the oldest pending event or null.
   * GAP: §4 says every `GET /patient/*` answers an encrypted envelope while §7 shows
   * a plain `{ name }`; the client accepts both (portal-spec §7 unwrap rule) and
   * reports which one it got.
   */
  async pollEvent(): Promise<Outcome<EventAnswer>> {
    const raw = await this.request('GET', '/patient/event/', { headers: this.headers({ bearer: true }) });
    if (raw.body.code !== 0) {
      const { code, message } = raw.body;
      return {
        ok: false,
        error: new ProtocolError(
          raw.status,
          code as number,
          typeof message === 'string' ? message : '',
          raw.body,
        ),
      };
    }
    const { value, encrypted } = this.unwrap(raw);
    if (!isObject(value) || !('name' in value) || (value.name !== null && typeof value.name !== 'string')) {
      throw new ShapeError('event answer must be { name: string | null }');
    }
    return { ok: true, value: { name: value.name, encrypted, body: raw.body } };
  }

  /**
   * §5: "POST /token/logout/ revokes the session family and the uid"; §7 gives its
   * body as "—". GAP: "—" could mean no body or an empty JSON object; this client
   * sends no body and no Content-Type.
   */
  async logout(): Promise<RawResponse> {
    const raw = await this.request('POST', '/token/logout/', { headers: this.headers({ bearer: true }) });
    IndependentClient.check(raw);
    return raw;
  }
}

// ---------------------------------------------------------------------------
// The whole flow, shared by the test and the CLI
// ---------------------------------------------------------------------------

export interface FlowResult {
  uid: string;
  login: TokenResponse;
  accessClaims: JsonObject;
  firstPoll: EventAnswer;
  refreshed: TokenResponse;
  pollAfterRefresh: EventAnswer;
  logoutBody: JsonObject;
  /** The error the event poll answers after logout. */
  pollAfterLogout: ProtocolError;
  /** A second session: presenting an already-rotated refresh token (§5 theft detection). */
  reuse: {
    oldRefreshRefused: ProtocolError;
    /** §5: reuse "revokes the whole session family": the rotated-to refresh token is refused too. */
    newRefreshRefused: ProtocolError | null;
    /** Whether the rotated-to access token still works after the family was revoked. */
    pollWithNewAccess: { ok: boolean; code: number };
  };
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new ShapeError(message);
}

/**
 * handshake → login → event poll → refresh → poll → logout → poll (error),
 * then a second session to show refresh-token reuse detection. Throws on any
 * deviation from protocol.md; `step` is told what happens in plain words.
 */
export async function runFlow(
  baseUrl: string,
  credentials: { email: string; password: string },
  step: (line: string) => void = () => {},
  request: (line: string) => void = () => {},
): Promise<FlowResult> {
  const client = new IndependentClient(baseUrl, { log: request });

  const session = await client.handshake();
  step(`handshake: uid ${session.uid}, server key ${session.serverPublicHex.slice(0, 18)}…`);

  const login = await client.login(credentials.email, credentials.password);
  if (login.mfa) throw new ShapeError('the demo patient unexpectedly has MFA');
  const now = Math.floor(Date.now() / 1000);
  // §5: access token "short-lived (≤ 15 min)"; expires in Unix seconds. 60 s of clock slack.
  expect(
    login.expires > now && login.expires <= now + 15 * 60 + 60,
    `expires ${login.expires} not within 15 min`,
  );
  expect(login.roles.includes('user'), 'the demo patient must have the user role');
  const accessClaims = decodeJwtPayload(login.access);
  step(
    `login: ${login.username} (${login.first_name}), roles ${JSON.stringify(login.roles)}, ` +
      `auths ${JSON.stringify(login.auths)}, expires ${new Date(login.expires * 1000).toISOString()}, ` +
      `insurance_type ${JSON.stringify(login.insurance_type)}; JWT claims ${Object.keys(accessClaims).join(',')}`,
  );

  const first = await client.pollEvent();
  if (!first.ok) throw first.error;
  step(
    `event poll: name ${JSON.stringify(first.value.name)} (${first.value.encrypted ? 'envelope' : 'plain'})`,
  );

  const oldRefresh = login.refresh;
  const refreshed = await client.refresh();
  expect(refreshed.refresh !== oldRefresh, 'refresh must rotate the refresh token (§5)');
  expect(refreshed.access !== login.access, 'refresh must issue a new access token');
  step(`refresh: new access and refresh tokens, expires ${new Date(refreshed.expires * 1000).toISOString()}`);

  const second = await client.pollEvent();
  if (!second.ok) throw second.error;
  step(`event poll with the new access token: name ${JSON.stringify(second.value.name)}`);

  const logoutRaw = await client.logout();
  step(`logout: ${JSON.stringify(logoutRaw.body)}`);

  const afterLogout = await client.pollEvent();
  if (afterLogout.ok) throw new ShapeError('the event poll still works after logout');
  step(`event poll after logout: HTTP ${afterLogout.error.status}, code ${afterLogout.error.code}`);

  // Second session: refresh-token reuse (§5 "Presenting an already-rotated refresh
  // token revokes the whole session family ... and gives 10401").
  const reuseClient = new IndependentClient(baseUrl, { log: request });
  await reuseClient.handshake();
  const reuseLogin = await reuseClient.login(credentials.email, credentials.password);
  if (reuseLogin.mfa) throw new ShapeError('unexpected MFA');
  const rotated = await reuseClient.refresh();
  const reused = await reuseClient.tryRefresh(reuseLogin.refresh);
  if (reused.ok) throw new ShapeError('an already-rotated refresh token was accepted');
  step(`reuse of a rotated refresh token: HTTP ${reused.error.status}, code ${reused.error.code}`);
  reuseClient.tokens = rotated; // tryRefresh failed, so the rotated tokens are still the client's
  const newRefresh = await reuseClient.tryRefresh(rotated.refresh);
  step(
    newRefresh.ok
      ? 'the rotated-to refresh token still works (family NOT revoked)'
      : `the rotated-to refresh token is refused too: code ${newRefresh.error.code} (family revoked)`,
  );
  reuseClient.tokens = rotated;
  const pollNew = await reuseClient.pollEvent();
  step(
    pollNew.ok
      ? 'the rotated-to access token still works until it expires'
      : `the rotated-to access token is refused: code ${pollNew.error.code}`,
  );

  return {
    uid: session.uid,
    login,
    accessClaims,
    firstPoll: first.value,
    refreshed,
    pollAfterRefresh: second.value,
    logoutBody: logoutRaw.body,
    pollAfterLogout: afterLogout.error,
    reuse: {
      oldRefreshRefused: reused.error,
      newRefreshRefused: newRefresh.ok ? null : newRefresh.error,
      pollWithNewAccess: pollNew.ok ? { ok: true, code: 0 } : { ok: false, code: pollNew.error.code },
    },
  };
}
