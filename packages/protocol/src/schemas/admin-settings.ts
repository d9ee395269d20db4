import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { DOCUMENT_REMINDER_HOURS } from './document-library.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.ts';
import { CLINIC_COUNTRY, phoneIn } from './phone.ts';
import { ChatMode, publicConfig } from './public.ts';
import { isoTime } from './admin-api.ts';
import { signingCertificateInfo } from './signing-certificate.ts';

// The admin API's clinic settings: values, write-only secrets and the logo (sealed).

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

/** The settings anyone may read back (the secrets and the logo travel apart). */
const settingsShape = z.object({
  clinic_name: z.string().trim().min(1).max(120),
  support_email: emailSchema,
  /** Typed as people write it (national numbers in the clinic's country), stored as E.164. */
  support_phone: phoneIn(CLINIC_COUNTRY),
  booking_url: publicConfig.shape.booking_url,
  company_url: publicConfig.shape.company_url,
  chat_mode: ChatMode,
  /** Not a secret: the Web Widget snippet carries it in every page that loads the widget. */
  zendesk_widget_key: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and hyphens only'),
  signing_window_days: z.number().int().min(1).max(365),
  /** The reminder of an unsigned document goes this many hours before its due date. */
  document_reminder_hours: z.number().int().min(DOCUMENT_REMINDER_HOURS.min).max(DOCUMENT_REMINDER_HOURS.max),
  session_timeout_minutes: minutes(5, 7 * 24 * 60),
  idle_timeout_minutes: minutes(1, 24 * 60),
  password_min_length: z.number().int().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  /** Administrators without MFA may then only set it up (protocol.md §10). */
  require_mfa_for_admins: z.boolean(),
});

/** Rules between fields, checked on the values that result from an update. */
export const settingsValues = settingsShape.refine(
  (s) => s.idle_timeout_minutes <= s.session_timeout_minutes,
  {
    message: 'The idle timeout cannot be longer than the session timeout',
    path: ['idle_timeout_minutes'],
  },
);
export type SettingsValues = z.infer<typeof settingsValues>;
export const SETTINGS_KEYS = settingsShape.keyof().options;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** Write-only: stored encrypted, never returned, only whether they are set. */
export const SecretSetting = z.enum(['zendesk_key_id', 'zendesk_secret']);
export type SecretSetting = z.infer<typeof SecretSetting>;

/** PNG, JPEG or SVG, judged by parsing (10415), at most 512 KB decoded (10413); an SVG is stored as a PNG. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const logoUpload = z.object({ content_base64: z.string().min(1) });
export const clinicLogo = z.object({ mime: z.string(), content_base64: z.string() });
export type ClinicLogo = z.infer<typeof clinicLogo>;

/**
 * `POST /admin/settings/`: only the keys sent change. A secret or the logo set to null is
 * removed; a secret left out keeps its stored value.
 */
export const settingsUpdate = settingsShape.partial().extend({
  zendesk_key_id: z.string().trim().min(1).max(200).nullable().optional(),
  zendesk_secret: z.string().min(1).max(500).nullable().optional(),
  clinic_logo: logoUpload.nullable().optional(),
});
export type SettingsUpdate = z.input<typeof settingsUpdate>;

export const settingsView = z.object({
  values: settingsShape,
  secrets: z.record(SecretSetting, z.object({ set: z.boolean() })),
  clinic_logo: clinicLogo.nullable(),
  /** Null until the first document is signed or a certificate is uploaded. */
  signing_certificate: signingCertificateInfo.nullable(),
  updated_at: isoTime.nullable(),
});
export type SettingsView = z.infer<typeof settingsView>;
