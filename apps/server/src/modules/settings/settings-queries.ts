import { eq, inArray, max } from 'drizzle-orm';
import {
  clinicLogo,
  SecretSetting,
  SETTINGS_KEYS,
  settingsValues,
  type ClinicLogo,
  type SettingsKey,
  type SettingsValues,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { settings } from '../../db/schema/index.ts';
import { storedLogo } from './logo-file.ts';
import { settingsDefaults } from './settings-defaults.ts';

export const LOGO_KEY = 'clinic_logo';
/** Binds a stored secret to its key, so one secret's ciphertext cannot stand in for another. */
export const secretContext = (name: SecretSetting) => `settings:${name}`;
type StoredSecret = { sealed: string };

/**
 * The settings in force, read from the database on every call: a change made on one node
 * holds on every node at once, with no cache to go stale (one indexed read of ten rows).
 * A stored value that no longer passes its schema (an older rule) falls back to the default.
 */
export async function loadSettings(ctx: AppContext, db: Queryable = ctx.db): Promise<SettingsValues> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...SETTINGS_KEYS]));
  const merged: Record<string, unknown> = { ...settingsDefaults(ctx.config) };
  const shape = settingsValues.shape;
  for (const row of rows) {
    const key = row.key as SettingsKey;
    const parsed = shape[key].safeParse(row.value);
    if (parsed.success) merged[key] = parsed.data;
    else ctx.log.warn({ key }, 'stored setting no longer valid; using its default');
  }
  return merged as SettingsValues;
}

/** Which write-only secrets hold a value; their values never leave the server through here. */
export async function secretsSet(db: Queryable): Promise<Record<SecretSetting, boolean>> {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(inArray(settings.key, [...SecretSetting.options]));
  const present = new Set(rows.map((r) => r.key));
  return Object.fromEntries(SecretSetting.options.map((name) => [name, present.has(name)])) as Record<
    SecretSetting,
    boolean
  >;
}

/** A secret's plaintext, for the server's own use (the Zendesk messenger token). */
export async function loadSecret(ctx: AppContext, name: SecretSetting): Promise<string | null> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, name));
  if (!row) return null;
  const sealed = Buffer.from((row.value as StoredSecret).sealed, 'base64');
  return ctx.cipher.decryptJson(sealed, secretContext(name)) as string;
}

export function sealSecret(ctx: AppContext, name: SecretSetting, value: string): StoredSecret {
  return { sealed: Buffer.from(ctx.cipher.encryptJson(value, secretContext(name))).toString('base64') };
}

export async function loadLogo(db: Queryable): Promise<ClinicLogo | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, LOGO_KEY));
  const parsed = clinicLogo.safeParse(row?.value);
  return parsed.success ? storedLogo(parsed.data) : null;
}

export async function lastSettingsChange(db: Queryable): Promise<Date | null> {
  const [row] = await db.select({ at: max(settings.updatedAt) }).from(settings);
  return row?.at ?? null;
}

/** The name and logo the clinic shows on every page, mail and signed PDF, as set now. */
export async function clinicIdentity(ctx: AppContext): Promise<{ name: string; logo: ClinicLogo | null }> {
  const [values, logo] = await Promise.all([loadSettings(ctx), loadLogo(ctx.db)]);
  return { name: values.clinic_name, logo };
}

/** When the logo was last set, or null without one: versions the public logo URL so caches follow a change. */
export async function logoVersion(db: Queryable): Promise<number | null> {
  const [row] = await db.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, LOGO_KEY));
  return row ? row.at.getTime() : null;
}
