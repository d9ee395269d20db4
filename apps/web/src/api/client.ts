import { Codes, generateSalt, openJson, seal, sealJson, type TokenData } from '@portal/protocol';
import { actingForHeaders } from './acting-for-header.ts';
import { ApiError, NetworkError, type ErrorBody } from './api-error.ts';
import { findErrorRule } from './error-notices.ts';
import { recordUse } from './last-use.ts';
import { ensureHandshake, handshake, rehandshake, type HandshakeKeys } from './handshake.ts';
import { showNotice } from './notice-store.ts';
import { createRefreshQueue } from './refresh-queue.ts';
import { clearSession, getSession, isAccessExpired, storeTokens, type Session } from './session.ts';
import { reportNetworkIssue, transmit, type Wire } from './transport.ts';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Wire['query'];
  body?: Record<string, unknown>;
  /** protocol.md §4: the one body field sent sealed (password, new_password). */
  secretField?: string;
  /** protocol.md §4: send the whole body as a sealed `{ data }` envelope. */
  encryptBody?: boolean;
  /** Send the Bearer token (default true; spec §7: not for token calls). */
  auth?: boolean;
  /** spec §4: login starts with a fresh handshake. */
  freshHandshake?: boolean;
  /** spec §9: false for the event poll. */
  progress?: boolean;
  /** The poll stays quiet when the network drops; user actions show the network-issue screen. */
  reportNetwork?: boolean;
  /** The refresh call itself, which must not wait for a refresh. */
  renewsTokens?: boolean;
  /**
   * A signed-in call the server marks passive (`config.passive`: the event poll, the session
   * status): it does not count as use, so it does not move the idle countdown (decision 0010).
   */
  passive?: boolean;
  /** Whose record a patient route reads, when not the one this tab has open (decision 0023). */
  actingFor?: string;
}

/** Asked for an authenticated call without a session: the guard sends the user to /auth. */
export class NotSignedInError extends Error {
  constructor() {
    super('Not signed in');
    this.name = 'NotSignedInError';
  }
}

const refreshQueue = createRefreshQueue(async (): Promise<Session> => {
  const session = getSession();
  if (!session) throw new NotSignedInError();
  const tokens = (await call({
    method: 'POST',
    path: '/token/refresh/',
    body: { refresh: session.refresh },
    auth: false,
    renewsTokens: true,
  })) as TokenData;
  return storeTokens(tokens, session.user.keep);
});

/** spec §4: one refresh with the refresh token; other requests queue behind it. */
export function refreshTokens(): Promise<Session> {
  return refreshQueue.run();
}

async function accessToken(): Promise<string> {
  const pending = refreshQueue.pending();
  if (pending) return (await pending).access;
  const session = getSession();
  if (!session) throw new NotSignedInError();
  return isAccessExpired(session) ? (await refreshTokens()).access : session.access;
}

async function sealBody(
  request: ApiRequest,
  keys: HandshakeKeys,
): Promise<{ body?: unknown; salt?: string }> {
  if (request.body === undefined) return {};
  if (request.encryptBody) {
    const salt = generateSalt();
    return { salt, body: { data: await sealJson(keys.z, salt, 'c2s', request.body) } };
  }
  const field = request.secretField;
  if (field && typeof request.body[field] === 'string') {
    const salt = generateSalt();
    return { salt, body: { ...request.body, [field]: await seal(keys.z, salt, 'c2s', request.body[field]) } };
  }
  return { body: request.body };
}

async function attempt(request: ApiRequest, keys: HandshakeKeys) {
  const { body, salt } = await sealBody(request, keys);
  const headers: Record<string, string> = {
    uid: keys.uid,
    ...actingForHeaders(request.path, request.actingFor),
  };
  if (salt) headers.salt = salt;
  if (request.auth !== false) headers.Authorization = `Bearer ${await accessToken()}`;
  return transmit({
    method: request.method,
    path: request.path,
    query: request.query,
    headers,
    body,
    progress: request.progress,
  });
}

/**
 * Whether the server counted this request as use (decision 0006): signed in, not passive, and
 * let past the session check. Unsure cases (429, 5xx) count not, so the web never believes the
 * session lasts longer than the server does.
 */
function countedAsUse(request: ApiRequest, answer: { status: number; body: { code?: unknown } }): boolean {
  if (request.auth === false || request.passive) return false;
  if (answer.status >= 500 || answer.status === 429) return false;
  return answer.body.code !== Codes.unknownHandshake && answer.body.code !== Codes.sessionExpired;
}

async function call(request: ApiRequest): Promise<unknown> {
  let keys = request.freshHandshake ? await handshake() : await ensureHandshake();
  let sentAt = Date.now();
  let answer = await attempt(request, keys);
  if (answer.body.code === Codes.unknownHandshake) {
    // spec §8: 10014 → handshake once more and retry with the new uid. An access token is
    // bound to its uid (protocol.md §5), so a signed-in client refreshes on the new uid first —
    // also when a public call noticed, or requests started meanwhile would carry the old token.
    keys = await rehandshake(keys.uid);
    if (!request.renewsTokens && getSession()) await refreshTokens();
    sentAt = Date.now();
    answer = await attempt(request, keys);
  }
  if (countedAsUse(request, answer)) recordUse(sentAt);
  const { status, body } = answer;
  if (body.code !== 0 || status >= 400) {
    const error = new ApiError(status, body as unknown as ErrorBody);
    const rule = findErrorRule(status, error.code);
    if (rule) {
      showNotice(rule.notice);
      clearSession(rule.endSession);
    }
    throw error;
  }
  // spec §7: responses unwrap to the body; an envelope's data is decrypted and parsed.
  if (typeof body.salt === 'string' && typeof body.data === 'string') {
    return openJson(keys.z, body.salt, 's2c', body.data);
  }
  return body.data;
}

/** Every API call of the web app goes through here (spec §4, §7, §8). */
export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  try {
    return (await call(request)) as T;
  } catch (error) {
    if (error instanceof NetworkError && request.reportNetwork !== false) reportNetworkIssue(error);
    throw error;
  }
}

/** spec §4: on app start, handshake when no uid is kept. */
export async function startApi(): Promise<void> {
  try {
    await ensureHandshake();
  } catch (error) {
    if (error instanceof NetworkError) reportNetworkIssue(error);
    else console.error('Handshake failed', error);
  }
}

/** For the network-issue screen's retry: true once the API answers again. */
export async function probeApi(): Promise<boolean> {
  try {
    await ensureHandshake();
    await call({ method: 'GET', path: '/public/config/', auth: false });
    return true;
  } catch {
    return false;
  }
}
