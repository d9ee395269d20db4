import { bytesToHex, deriveSharedSecret, generateKeyPair, hexToBytes } from '@portal/protocol';
import { ApiError, type ErrorBody } from './api-error.ts';
import { readHandshake, writeHandshake } from './handshake-store.ts';
import { transmit } from './transport.ts';

export interface HandshakeKeys {
  uid: string;
  z: Uint8Array;
}

let inFlight: Promise<HandshakeKeys> | null = null;

function toKeys(state: { uid: string; key: string }): HandshakeKeys {
  return { uid: state.uid, z: hexToBytes(state.key) };
}

async function perform(): Promise<HandshakeKeys> {
  const { privateKey, publicKeyHex } = await generateKeyPair();
  const answer = await transmit({
    method: 'POST',
    path: '/token/handshake_any/',
    body: { key: publicKeyHex },
  });
  const data = answer.body.data as { key?: unknown; uid?: unknown } | undefined;
  if (answer.body.code !== 0 || typeof data?.key !== 'string' || typeof data.uid !== 'string') {
    throw new ApiError(answer.status, answer.body as unknown as ErrorBody);
  }
  const z = await deriveSharedSecret(privateKey, data.key);
  writeHandshake({ uid: data.uid, key: bytesToHex(z) });
  return { uid: data.uid, z };
}

/** spec §4: a new key pair and uid. Parallel callers share one handshake. */
export function handshake(): Promise<HandshakeKeys> {
  inFlight ??= perform().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** spec §4: on start, handshake only when no uid is kept. */
export function ensureHandshake(): Promise<HandshakeKeys> {
  if (inFlight) return inFlight;
  const kept = readHandshake();
  return kept ? Promise.resolve(toKeys(kept)) : handshake();
}

/**
 * spec §8 (10014): handshake again, unless a parallel request already replaced the stale
 * uid, in which case its new keys serve this request too.
 */
export function rehandshake(staleUid: string): Promise<HandshakeKeys> {
  if (inFlight) return inFlight;
  const kept = readHandshake();
  return kept && kept.uid !== staleUid ? Promise.resolve(toKeys(kept)) : handshake();
}
