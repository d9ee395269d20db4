import type { FastifyBaseLogger } from 'fastify';
import { LIVENESS_CHANNEL } from '../../db/channels.ts';
import type { DatabaseHandle, Subscription } from '../../db/database.ts';
import type { LivenessCache } from './liveness-cache.ts';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 10_000;

export interface LivenessListener {
  close(): Promise<void>;
}

/**
 * Decision 0008: keeps one LISTEN subscription per node and feeds its notifications to the
 * cache. While it is down the cache is empty and unused (every poll reads the database); it
 * reconnects with a doubling delay and starts again from an empty cache.
 */
export function startLivenessListener(
  database: DatabaseHandle,
  cache: LivenessCache,
  log: FastifyBaseLogger,
): LivenessListener {
  let subscription: Subscription | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let closed = false;

  const scheduleRetry = () => {
    if (closed) return;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    try {
      const opened = await database.listen(
        LIVENESS_CHANNEL,
        (payload) => cache.notified(payload),
        (error) => {
          subscription = undefined;
          cache.listenerDown();
          log.warn(
            { err: { message: error.message } },
            'session cache listener lost; polls read the database',
          );
          scheduleRetry();
        },
      );
      if (closed) {
        await opened.close();
        return;
      }
      subscription = opened;
      delay = FIRST_RETRY_MS;
      cache.listenerUp();
    } catch (error) {
      cache.listenerDown();
      log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'session cache listener could not subscribe; polls read the database',
      );
      scheduleRetry();
    }
  };

  connecting = connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      cache.listenerDown();
      await subscription?.close();
      subscription = undefined;
    },
  };
}
