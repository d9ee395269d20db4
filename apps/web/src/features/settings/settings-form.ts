import { z } from 'zod';
import {
  clinicLogo,
  formatPhoneForReading,
  SETTINGS_KEYS,
  settingsUpdate,
  settingsValues,
  type SecretSetting,
  type SettingsKey,
  type SettingsUpdate,
  type SettingsValues,
  type SettingsView,
} from '@portal/protocol';

const shape = settingsValues.shape;

/** Number inputs hold text; an empty one must fail as a number, not become 0. */
const numberText = <T extends z.ZodType<number, number>>(rule: T) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text)))
    .pipe(rule);

/** What the page does with a write-only secret on save; a replacement left empty keeps it. */
const secretChoice = (name: SecretSetting) =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('keep') }),
    z.object({ kind: z.literal('remove') }),
    z.object({
      kind: z.literal('replace'),
      value: z.union([z.literal(''), settingsUpdate.shape[name].unwrap().unwrap()]),
    }),
  ]);
export type SecretChoice = z.input<ReturnType<typeof secretChoice>>;

const logoChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keep') }),
  z.object({ kind: z.literal('remove') }),
  z.object({ kind: z.literal('replace'), logo: clinicLogo }),
]);
export type LogoChoice = z.input<typeof logoChoice>;

/**
 * The page's fields with the protocol's rules for each, then its rules between fields on the
 * result, so the page and the server refuse the same things; the Zendesk messenger needs both
 * of its keys, set or being set (the server's rule, which depends on what it stores).
 */
export function settingsFormSchema(stored: SettingsView['secrets']) {
  return z
    .object({
      ...shape,
      signing_window_days: numberText(shape.signing_window_days),
      document_reminder_hours: numberText(shape.document_reminder_hours),
      session_timeout_minutes: numberText(shape.session_timeout_minutes),
      idle_timeout_minutes: numberText(shape.idle_timeout_minutes),
      password_min_length: numberText(shape.password_min_length),
      zendesk_key_id: secretChoice('zendesk_key_id'),
      zendesk_secret: secretChoice('zendesk_secret'),
      clinic_logo: logoChoice,
    })
    .superRefine((draft, ctx) => {
      // The fields' own issues are the object's already; the protocol's rules between them are custom.
      for (const issue of settingsValues.safeParse(draft).error?.issues ?? []) {
        if (issue.code === 'custom')
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      const keySet = (name: SecretSetting) => {
        const choice = draft[name];
        return choice.kind === 'replace' ? choice.value !== '' : choice.kind === 'keep' && stored[name].set;
      };
      if (draft.chat_mode === 'zendesk' && !(keySet('zendesk_key_id') && keySet('zendesk_secret'))) {
        ctx.addIssue({ code: 'custom', path: ['chat_mode'], message: 'Set both Zendesk keys' });
      }
    });
}
type SettingsDraft = z.input<ReturnType<typeof settingsFormSchema>>;
type SettingsChecked = z.output<ReturnType<typeof settingsFormSchema>>;

const NUMERIC = new Set<SettingsKey>([
  'signing_window_days',
  'document_reminder_hours',
  'session_timeout_minutes',
  'idle_timeout_minutes',
  'password_min_length',
]);

/** The stored values as the inputs show them: numbers as text, the support phone as the clinic dials it. */
export function draftOf(values: SettingsValues): SettingsDraft {
  const shown = (key: SettingsKey) =>
    key === 'support_phone'
      ? formatPhoneForReading(values.support_phone)
      : NUMERIC.has(key)
        ? String(values[key])
        : values[key];
  return {
    ...(Object.fromEntries(SETTINGS_KEYS.map((key) => [key, shown(key)])) as Omit<
      SettingsDraft,
      SecretSetting | 'clinic_logo'
    >),
    zendesk_key_id: { kind: 'keep' },
    zendesk_secret: { kind: 'keep' },
    clinic_logo: { kind: 'keep' },
  };
}

/**
 * Only what changed goes to the server, so the audit row names exactly those keys; a secret
 * or the logo goes when replaced, and as null when removed.
 */
export function updateOf(before: SettingsValues, checked: SettingsChecked): SettingsUpdate {
  const update: SettingsUpdate = Object.fromEntries(
    SETTINGS_KEYS.filter((key) => checked[key] !== before[key]).map((key) => [key, checked[key]]),
  );
  for (const name of ['zendesk_key_id', 'zendesk_secret'] as const) {
    const choice = checked[name];
    if (choice.kind === 'remove') update[name] = null;
    if (choice.kind === 'replace' && choice.value) update[name] = choice.value;
  }
  const logo = checked.clinic_logo;
  if (logo.kind === 'remove') update.clinic_logo = null;
  if (logo.kind === 'replace') update.clinic_logo = { content_base64: logo.logo.content_base64 };
  return update;
}
