import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { limitConcurrency } from './limit-concurrency.ts';
import { passwordVerifications } from './metrics.ts';

// OWASP Password Storage Cheat Sheet: argon2id, m=19456 KiB, t=2, p=1. The binding
// hashes on libuv's thread pool, so the event loop stays free during a login storm.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash keeps a core busy for tens of ms. libuv's pool runs four at once, which on a
 * 2-core node takes the event loop's core too, and every other request waits on that loop:
 * one core is left to the loop (and the database), the other hashes wait their turn.
 */
const hashing = limitConcurrency(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2.hash(password, OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against `hash`, or against a throwaway hash when the account does not
 * exist, so an unknown e-mail costs the same time as a wrong password (protocol.md §5).
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('portal-timing-equaliser');
  const target = hash ?? (await dummyHash);
  const ok = await hashing(() => argon2.verify(target, password)).catch(() => false);
  passwordVerifications.inc({ against: hash == null ? 'stand_in' : 'account' });
  return ok && hash != null;
}
