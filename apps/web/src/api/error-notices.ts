import { Codes } from '@portal/protocol';
import type { NoticeTone } from './notice-store.ts';
import type { SessionEndReason } from './session.ts';

export interface ErrorRule {
  /** HTTP status to match; omitted matches any status. */
  status?: number;
  /** Body code to match; omitted matches any code. */
  code?: number;
  notice: { key: string; tone: NoticeTone; durationMs: number };
  endSession: SessionEndReason;
}

/**
 * spec §8, in order: the first matching rule wins. Texts live in the `notices` namespace
 * (gb: 'Session Expired - You need to sign in again to continue.' and so on).
 */
export const ERROR_RULES: readonly ErrorRule[] = [
  {
    status: 401,
    code: Codes.sessionExpired,
    notice: { key: 'sessionExpired', tone: 'error', durationMs: 5_000 },
    endSession: 'expired',
  },
  {
    code: Codes.sessionExpired,
    notice: { key: 'sessionExpired', tone: 'error', durationMs: 10_000 },
    endSession: 'expired',
  },
  {
    code: Codes.accountLocked,
    notice: { key: 'accountLocked', tone: 'error', durationMs: 10_000 },
    endSession: 'locked',
  },
  {
    status: 401,
    notice: { key: 'loginFailed', tone: 'warning', durationMs: 8_000 },
    endSession: 'rejected',
  },
];

export function findErrorRule(status: number, code: number): ErrorRule | undefined {
  return ERROR_RULES.find(
    (rule) =>
      (rule.status === undefined || rule.status === status) &&
      (rule.code === undefined || rule.code === code),
  );
}

/** Codes whose notice is shown by the API layer itself, so forms need not repeat it. */
export const NOTICE_CODES: ReadonlySet<number> = new Set(
  ERROR_RULES.flatMap((rule) => (rule.code === undefined ? [] : [rule.code])),
);
