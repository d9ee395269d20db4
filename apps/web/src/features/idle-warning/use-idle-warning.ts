import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { logout } from '../../api/auth-api.ts';
import { getLastUse, subscribeLastUse } from '../../api/last-use.ts';
import { showNotice } from '../../api/notice-store.ts';
import { extendSession, fetchSessionStatus } from './session-status.ts';
import { planIdle, snapshotOf, type EndReason, type SessionSnapshot } from './idle-timing.ts';

/** How often the open warning's countdown is redrawn. */
const TICK_MS = 250;
const FIRST_ASK_RETRY_MS = 30_000;

export interface IdleWarningState {
  /** Shown while the end is near; null otherwise. */
  warning: { endsAt: number; reason: EndReason } | null;
  now: number;
  staySignedIn: () => void;
  signOut: () => void;
  /** The lifetime warning's "OK": nothing can extend it, so it only closes. */
  acknowledge: () => void;
}

/**
 * Decision 0010: asks the server how long the session has left, follows this browser's use
 * (all tabs), asks again just before warning, counts down and signs out at the end.
 */
export function useIdleWarning(): IdleWarningState {
  const [snapshot, setSnapshot] = useState<SessionSnapshot | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [acknowledgedEnd, setAcknowledgedEnd] = useState<number | null>(null);
  const lastUse = useSyncExternalStore(subscribeLastUse, getLastUse);
  const ended = useRef(false);

  const askServer = useCallback(async (ask: typeof fetchSessionStatus) => {
    const askedAt = Date.now();
    try {
      setSnapshot(snapshotOf(await ask(), askedAt));
    } catch {
      // 10401 has signed out already (Session Expired); otherwise the last answer still holds.
    }
    setNow(Date.now());
  }, []);

  const [firstAsk, setFirstAsk] = useState(0);
  useEffect(() => {
    const askedAt = Date.now();
    let retry: ReturnType<typeof setTimeout> | undefined;
    fetchSessionStatus().then(
      (status) => {
        setSnapshot(snapshotOf(status, askedAt));
        setNow(Date.now());
      },
      // 10401 has signed out already; a network failure is tried again.
      () => {
        retry = setTimeout(() => setFirstAsk((n) => n + 1), FIRST_ASK_RETRY_MS);
      },
    );
    return () => clearTimeout(retry);
  }, [firstAsk]);

  const plan = snapshot ? planIdle(snapshot, lastUse, now) : null;
  const checkAt = plan?.kind === 'wait' ? plan.checkAt : null;
  const warning = plan?.kind === 'warn' ? plan : null;

  // Before warning, the server is asked again: its answer is exact, our estimate only safe.
  useEffect(() => {
    if (checkAt === null) return;
    const timer = setTimeout(() => void askServer(fetchSessionStatus), Math.max(0, checkAt - Date.now()));
    return () => clearTimeout(timer);
  }, [checkAt, askServer]);

  const showing = warning !== null;
  useEffect(() => {
    if (!showing) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [showing]);

  useEffect(() => {
    if (plan?.kind !== 'end' || ended.current) return;
    ended.current = true;
    // Revoke it now rather than leave it to the server's next check; the notice is spec §8's.
    void logout().finally(() => showNotice({ key: 'sessionExpired', tone: 'error', durationMs: 10_000 }));
  }, [plan?.kind]);

  return {
    warning:
      warning && !(warning.reason === 'lifetime' && acknowledgedEnd === warning.endsAt) ? warning : null,
    now,
    staySignedIn: () => void askServer(extendSession),
    signOut: () =>
      void logout().then(() => showNotice({ key: 'loggedOut', tone: 'success', durationMs: 4_000 })),
    acknowledge: () => setAcknowledgedEnd(warning?.endsAt ?? null),
  };
}
