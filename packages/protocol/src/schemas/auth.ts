import { z } from 'zod';
import { encodedValue } from './common.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../mfa-code-format.ts';

/** protocol.md §5: `roles` ⊆ ["user", "admin"]. */
export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

/** Product spec: English (gb, the default) and Simplified Chinese (cn). */
export const Locale = z.enum(['gb', 'cn']);
export type Locale = z.infer<typeof Locale>;

/** RFC 5321 caps an address at 254 characters; stored trimmed and lowercased so one person has one account. */
export const emailSchema = z.string().trim().toLowerCase().max(254).check(z.email());

/** Letters (any script) and marks, with the spaces and punctuation real names use. */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} .'’·・-]*$/u;
/** `evil.example`, `www.x`: a domain written into a greeting reads as a link in most mail clients. */
const DOMAIN_LIKE = /\p{L}\.\p{L}{2,}/u;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export const NAME_MAX_LENGTH = 100;

export const NAME_MESSAGES = {
  control: 'Must not contain line breaks or control characters',
  address: 'Must not contain a web or e-mail address',
  characters: 'Use letters, spaces, hyphens, apostrophes and full stops only',
} as const;

/** Why a trimmed name is refused, or null; one reason, the most telling, per name. */
export function nameProblem(name: string): keyof typeof NAME_MESSAGES | null {
  if (CONTROL.test(name)) return 'control';
  if (/[@/:]|www\./iu.test(name) || DOMAIN_LIKE.test(name)) return 'address';
  return NAME_CHARACTERS.test(name) ? null : 'characters';
}

/**
 * Names are written into e-mails the portal sends and shown to the clinic: a line break, a
 * bidi override or a link would let whoever signs up in someone else's name shape the text
 * that person or the clinic reads. So a name is letters and the punctuation names use, at most
 * 100 characters.
 */
export const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX_LENGTH)
  .superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: NAME_MESSAGES[problem] });
  });

/** The oldest birth date signup accepts, as an age. */
const MAX_AGE_YEARS = 130;

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD', a calendar date (z.iso.date refuses 2023-02-30), in the past and at most 130 years ago. */
export const dateOfBirthSchema = z.iso
  .date()
  .refine((date) => date < todayUtc(), { message: 'Date of birth must be in the past' })
  .refine(
    (date) => {
      const today = todayUtc();
      const earliest = `${Number(today.slice(0, 4)) - MAX_AGE_YEARS}${today.slice(4)}`;
      return date >= earliest;
    },
    { message: `Date of birth must be within the last ${MAX_AGE_YEARS} years` },
  );

export const mfaCode = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), {
    message: 'Enter the 6-digit code or a recovery code',
  });

/**
 * protocol.md §2: the key is only typed as a string here; the handshake then checks hex and
 * curve itself so that the answer carries the spec's 'Invalid hex string' / 'Invalid public key'.
 */
export const handshakeRequest = z.object({ key: z.string() });
export const handshakeData = z.object({ key: z.string(), uid: z.string() });

/** protocol.md §5: the password is an encoded value under the request's `salt` header (§4). */
export const loginRequest = z.object({ email: emailSchema, password: encodedValue });

/** protocol.md §5 (spec fields): `expires` is the access-token expiry in Unix seconds. */
export const tokenData = z.object({
  access: z.string(),
  refresh: z.string(),
  expires: z.number().int(),
  mfa: z.literal(false),
  username: z.string(),
  roles: z.array(Role),
  auths: z.array(z.string()),
  first_name: z.string(),
  insurance_type: z.string().nullable(),
  /**
   * protocol.md §10: the clinic requires MFA of this user and it is not set up yet. The access
   * token then only reaches the enrolment, session and logout calls (others answer 10403).
   */
  mfa_setup_required: z.boolean().optional(),
});

/** protocol.md §5: with multi-factor authentication, `/token/` answers this instead of tokens. */
export const mfaChallenge = z.object({ mfa: z.literal(true), mfa_token: z.string() });

/** What `POST /token/` answers, told apart by `mfa`. */
export const loginResult = z.discriminatedUnion('mfa', [tokenData, mfaChallenge]);

export const mfaRequest = z.object({ mfa_token: z.string(), code: mfaCode });
export const refreshRequest = z.object({ refresh: z.string() });

/** protocol.md §7: signup; `password` is encoded (§4) and meets `passwordPolicy` once opened. */
export const signupRequest = z.object({
  email: emailSchema,
  password: encodedValue,
  first_name: nameSchema,
  last_name: nameSchema,
  date_of_birth: dateOfBirthSchema,
  agree_terms: z.literal(true),
  locale: Locale,
});

export const verifyEmailRequest = z.object({ token: z.string() });
export const passwordResetRequest = z.object({ email: emailSchema });
export const passwordResetConfirmRequest = z.object({ token: z.string(), new_password: encodedValue });

export type TokenData = z.infer<typeof tokenData>;
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export type LoginResult = z.infer<typeof loginResult>;
export type SignupRequest = z.infer<typeof signupRequest>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;
