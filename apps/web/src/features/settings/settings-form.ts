import {
  formatPhoneForReading,
  SETTINGS_KEYS,
  settingsValues,
  type SettingsKey,
  type SettingsUpdate,
  type SettingsValues,
} from '@portal/protocol';

/** What the inputs hold: text, as typed. */
export type SettingsDraft = Record<SettingsKey, string>;

const NUMERIC = new Set<SettingsKey>([
  'signing_window_days',
  'document_reminder_hours',
  'session_timeout_minutes',
  'idle_timeout_minutes',
  'password_min_length',
]);

/** The stored values as the inputs show them: the support phone as the clinic dials it. */
export function draftOf(values: SettingsValues): SettingsDraft {
  const shown = (key: SettingsKey) =>
    key === 'support_phone' ? formatPhoneForReading(values.support_phone) : String(values[key]);
  return Object.fromEntries(SETTINGS_KEYS.map((key) => [key, shown(key)])) as SettingsDraft;
}

/** Checkboxes: the draft holds 'true' or 'false'. */
const BOOLEAN = new Set<SettingsKey>(['require_mfa_for_admins']);

function typed(key: SettingsKey, text: string): string | number | boolean {
  if (BOOLEAN.has(key)) return text === 'true';
  // An empty number field must fail as a number, not become 0.
  return NUMERIC.has(key) ? (text.trim() === '' ? Number.NaN : Number(text)) : text.trim();
}

/**
 * Checked with the protocol's own schema over the whole result (rules between fields included),
 * so the page and the server refuse the same things; messages are chosen by field.
 */
export function checkDraft(draft: SettingsDraft): {
  update: Partial<SettingsValues>;
  errors: Partial<Record<SettingsKey, string>>;
} {
  const candidate = Object.fromEntries(SETTINGS_KEYS.map((key) => [key, typed(key, draft[key])]));
  const parsed = settingsValues.safeParse(candidate);
  if (parsed.success) return { update: parsed.data, errors: {} };
  const errors: Partial<Record<SettingsKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as SettingsKey;
    errors[key] ??= issue.code === 'custom' ? `settings.rules.${key}` : `settings.invalid.${key}`;
  }
  return { update: {}, errors };
}

/** Only what changed goes to the server, so the audit row names exactly those keys. */
export function changedValues(before: SettingsValues, after: Partial<SettingsValues>): SettingsUpdate {
  return Object.fromEntries(
    SETTINGS_KEYS.filter((key) => after[key] !== undefined && after[key] !== before[key]).map((key) => [
      key,
      after[key],
    ]),
  );
}
