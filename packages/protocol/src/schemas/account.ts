import { z } from 'zod';
import { mfaCode } from './auth.ts';

const isoTime = z.string().describe('ISO 8601 time, UTC');

/** 10403 message while a token only allows setting up MFA (protocol.md §10); clients pick their text by it. */
export const MFA_SETUP_FIRST = 'Set up multi-factor authentication first';

/** How many single-use recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** `GET /account/mfa/`: `required` when the clinic requires MFA of this user and it is not yet on. */
export const mfaStatus = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/** `POST /account/mfa/start/` (sealed): the new secret, for the QR code or typing in by hand. */
export const mfaEnrolment = z.object({
  secret: z.string().describe('Base32 TOTP secret'),
  otpauth_uri: z.string(),
  qr_svg: z.string().describe('The otpauth URI as an SVG QR code, a data: URL'),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

/** `POST /account/mfa/confirm/` (sealed body): a code from the authenticator activates it. */
export const mfaConfirmRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** Shown once; only their hashes are kept. */
export const mfaRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodes>;

/** `POST /account/mfa/disable/` (sealed body): the password or a current code proves it is the user. */
export const mfaDisableRequest = z
  .object({ password: z.string().min(1).max(128).optional(), code: mfaCode.optional() })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: 'Enter your password or a code',
    path: ['password'],
  });
export type MfaDisableRequest = z.input<typeof mfaDisableRequest>;

/** One live session of the signed-in user; the device is named from its User-Agent. */
export const accountSession = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: isoTime,
  last_used_at: isoTime,
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessions = z.array(accountSession);

export const endSessionRequest = z.object({ id: z.uuid() });
export const endedSessions = z.object({ ended: z.number().int() });

/**
 * `GET /account/session/` (passive: reading it is not use) and `POST /account/session/extend/`
 * ("stay signed in": counts as use now): the limits in force and how long this session has
 * left as the server sees it. Remaining times are durations, not clock times, so a client
 * whose clock differs from the server's still counts down right (decision 0010).
 */
export const sessionStatus = z.object({
  idle_timeout_minutes: z.number().int(),
  session_timeout_minutes: z.number().int(),
  last_used_at: isoTime,
  /** Milliseconds until the session ends unless used (last_used_at + idle limit − now). */
  idle_remaining_ms: z.number().int(),
  /** Milliseconds until the session ends whatever the use (created_at + lifetime − now). */
  lifetime_remaining_ms: z.number().int(),
});
export type SessionStatus = z.infer<typeof sessionStatus>;

/** `GET`/`POST /account/notifications/` (staff who manage documents): which e-mails they want. */
export const staffNotifications = z.object({
  /** An e-mail (without PHI) when a patient declines a document; the inbox notice comes regardless. */
  document_declined: z.boolean(),
});
export type StaffNotifications = z.infer<typeof staffNotifications>;
