import type { z } from 'zod';
import { ApiError } from '../src/api-error.ts';
import { decryptionFailed } from '../src/decryption-failed.ts';
import { openJson, seal, sealJson } from '../src/envelope.ts';
import { Codes, ProtocolError } from '../src/error-codes.ts';
import { deriveSharedSecret, generateKeyPair } from '../src/keys.ts';
import { generateSalt } from '../src/salt.ts';
import {
  handshakeData,
  loginResult,
  tokenData,
  type LoginResult,
  type signupRequest,
  type TokenData,
} from '../src/schemas/auth.ts';

const API_PREFIX = '/backend/api/v1';

/** protocol.md §1 (spec): the calls made before a session exists carry no bearer token. */
const UNAUTHENTICATED_PATHS = new Set([
  '/token/',
  '/token/handshake_any/',
  '/token/mfa/',
  '/token/refresh/',
  '/token/signup/',
  '/token/verify-email/',
  '/token/password/reset/',
  '/token/password/reset/confirm/',
]);

export interface PortalRequest {
  method: 'GET' | 'POST';
  /** Relative to `/backend/api/v1`, ending in '/' (protocol.md §1). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** protocol.md §4: send the body as `{ data: <encoded JSON> }` under a fresh salt. */
  encrypt?: boolean;
  /** protocol.md §4: seal only this string field of the body (password, new_password) under a fresh salt. */
  secretField?: string;
  /** Send `Authorization: Bearer`; by default on every path but the pre-session ones. */
  auth?: boolean;
  /** Applied last, so a test can send a wrong uid or salt on purpose. */
  headers?: Record<string, string>;
}

export interface PortalResponse {
  status: number;
  /** The response body as received (JSON-parsed when it is JSON, else its text). */
  body: unknown;
  /** `body.data`, opened and parsed when the body is an encrypted envelope. */
  data: unknown;
}

export interface PortalClientOptions {
  /** Origin of the portal, e.g. 'https://portal.example'; '' for same-origin use in the browser. */
  baseUrl: string;
  fetch?: typeof fetch;
}

/** Signup fields with the password in plaintext; the client seals it (protocol.md §4). */
export type SignupInput = z.input<typeof signupRequest>;

/**
 * The low-level client of protocol.md: handshake, sealing, envelopes and tokens, nothing more.
 * It neither refreshes tokens nor re-runs the handshake on 10014 by itself; the web app layers
 * those spec behaviours on top, and tests need to see the raw answers.
 */
export class PortalClient {
  uid: string | undefined = undefined;
  access: string | undefined = undefined;
  refreshToken: string | undefined = undefined;
  /** Z of protocol.md §2, kept beside `uid`; a web app that restores a uid must restore this too. */
  sharedSecret: Uint8Array | undefined = undefined;

  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;

  constructor(opts: PortalClientOptions) {
    this.#baseUrl = opts.baseUrl.replace(/\/+$/, '');
    // Wrapped: a browser's fetch throws 'Illegal invocation' when called as a method of another object.
    this.#fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** protocol.md §2: a fresh key pair, `POST /token/handshake_any/`, then Z from the server's key. */
  async handshake(): Promise<void> {
    this.uid = undefined;
    this.sharedSecret = undefined;
    const keyPair = await generateKeyPair();
    const answer = await this.call(
      { method: 'POST', path: '/token/handshake_any/', body: { key: keyPair.publicKeyHex } },
      handshakeData,
    );
    this.sharedSecret = await deriveSharedSecret(keyPair.privateKey, answer.key);
    this.uid = answer.uid;
  }

  /** One HTTP exchange. Never throws on an HTTP or protocol error: the caller reads `status` and `body.code`. */
  async send(req: PortalRequest): Promise<PortalResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.uid !== undefined) headers.uid = this.uid;
    if ((req.auth ?? !UNAUTHENTICATED_PATHS.has(req.path)) && this.access !== undefined) {
      headers.authorization = `Bearer ${this.access}`;
    }
    let requestBody: string | undefined;
    if (req.method === 'POST') {
      const { salt, payload } = await this.#protect(req);
      if (salt !== undefined) headers.salt = salt;
      headers['content-type'] = 'application/json';
      requestBody = JSON.stringify(payload ?? {});
    }
    Object.assign(headers, req.headers);

    const query = req.query === undefined ? '' : `?${new URLSearchParams(req.query).toString()}`;
    const response = await this.#fetch(`${this.#baseUrl}${API_PREFIX}${req.path}${query}`, {
      method: req.method,
      headers,
      body: requestBody,
    });
    const body = parseJsonOrText(await response.text());
    return { status: response.status, body, data: await this.#openData(body) };
  }

  /** `send`, then the body's `data` (checked by `schema` when given); throws `ApiError` unless `code` is 0. */
  async call<T>(req: PortalRequest, schema?: z.ZodType<T>): Promise<T> {
    const { status, body, data } = await this.send(req);
    if (!isRecord(body) || body.code !== 0) throw new ApiError(status, body);
    return schema === undefined ? (data as T) : schema.parse(data);
  }

  /** protocol.md §5: tokens, or an MFA challenge to answer with `completeMfa`. */
  async login(email: string, password: string): Promise<LoginResult> {
    const result = await this.call(
      { method: 'POST', path: '/token/', body: { email, password }, secretField: 'password' },
      loginResult,
    );
    if (!result.mfa) this.#storeTokens(result);
    return result;
  }

  /** protocol.md §5: second step of a login on an account with multi-factor authentication. */
  async completeMfa(mfaToken: string, code: string): Promise<TokenData> {
    const tokens = await this.call(
      { method: 'POST', path: '/token/mfa/', body: { mfa_token: mfaToken, code } },
      tokenData,
    );
    this.#storeTokens(tokens);
    return tokens;
  }

  /** protocol.md §5: the refresh token is rotated on every use, so the new one replaces it. */
  async refresh(): Promise<TokenData> {
    if (this.refreshToken === undefined) throw new ProtocolError(Codes.sessionExpired);
    const tokens = await this.call(
      { method: 'POST', path: '/token/refresh/', body: { refresh: this.refreshToken } },
      tokenData,
    );
    this.#storeTokens(tokens);
    return tokens;
  }

  /** protocol.md §5: the server revokes the session and uid; locally they are forgotten even if the call fails. */
  async logout(): Promise<void> {
    try {
      await this.call({ method: 'POST', path: '/token/logout/' });
    } finally {
      this.uid = undefined;
      this.sharedSecret = undefined;
      this.access = undefined;
      this.refreshToken = undefined;
    }
  }

  async signup(input: SignupInput): Promise<void> {
    await this.call({ method: 'POST', path: '/token/signup/', body: input, secretField: 'password' });
  }

  async verifyEmail(token: string): Promise<void> {
    await this.call({ method: 'POST', path: '/token/verify-email/', body: { token } });
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.call({ method: 'POST', path: '/token/password/reset/', body: { email } });
  }

  async confirmPasswordReset(token: string, newPassword: string): Promise<void> {
    await this.call({
      method: 'POST',
      path: '/token/password/reset/confirm/',
      body: { token, new_password: newPassword },
      secretField: 'new_password',
    });
  }

  get<T>(path: string, query?: Record<string, string>): Promise<T> {
    return this.call<T>({ method: 'GET', path, query });
  }

  /** `encrypt` for bodies that carry PHI (protocol.md §4): every `/patient/*` and PHI `/admin/*` POST. */
  post<T>(path: string, payload: unknown, opts?: { encrypt?: boolean }): Promise<T> {
    return this.call<T>({ method: 'POST', path, body: payload, encrypt: opts?.encrypt });
  }

  #storeTokens(tokens: TokenData): void {
    this.access = tokens.access;
    this.refreshToken = tokens.refresh;
  }

  /** protocol.md §4: one fresh salt protects exactly one value, the whole body or its one secret field. */
  async #protect(req: PortalRequest): Promise<{ salt?: string; payload: unknown }> {
    if (req.encrypt === true && req.secretField !== undefined) {
      throw new TypeError('One salt protects one value: use either encrypt or secretField');
    }
    if (req.encrypt !== true && req.secretField === undefined) return { payload: req.body };
    if (this.sharedSecret === undefined) {
      throw new ProtocolError(Codes.unknownHandshake, 'Handshake required before sending encrypted content');
    }
    const salt = generateSalt();
    if (req.secretField === undefined) {
      return { salt, payload: { data: await sealJson(this.sharedSecret, salt, 'c2s', req.body) } };
    }
    const fields = isRecord(req.body) ? req.body : {};
    const secret = fields[req.secretField];
    if (typeof secret !== 'string') {
      throw new TypeError(`secretField '${req.secretField}' must name a string field of the body`);
    }
    const sealed = await seal(this.sharedSecret, salt, 'c2s', secret);
    return { salt, payload: { ...fields, [req.secretField]: sealed } };
  }

  /** protocol.md §1: a body with string `salt` and `data` is an envelope sealed by the server. */
  async #openData(body: unknown): Promise<unknown> {
    if (!isRecord(body)) return undefined;
    if (typeof body.salt !== 'string' || typeof body.data !== 'string') return body.data;
    if (this.sharedSecret === undefined) throw decryptionFailed();
    return openJson(this.sharedSecret, body.salt, 's2c', body.data);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
