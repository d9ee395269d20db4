import { eq, sql } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  SecretSetting,
  SETTINGS_KEYS,
  settingsValues,
  type SettingsKey,
  type SettingsValues,
  type SettingsView,
  type settingsUpdate,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { settings } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { readLogo } from './logo-file.ts';
import { signingCertificateInfo } from './signing-certificate.ts';
import {
  lastSettingsChange,
  loadLogo,
  loadSettings,
  LOGO_KEY,
  sealSecret,
  secretsSet,
} from './settings-queries.ts';
import type { Actor } from '../../plugins/auth.ts';

type Update = z.output<typeof settingsUpdate>;

export async function readSettingsView(ctx: AppContext, db: Queryable = ctx.db): Promise<SettingsView> {
  // One after another: a save reads the view inside its transaction, on one connection, where
  // statements cannot overlap (pg queues them for now and refuses from pg 9).
  const values = await loadSettings(ctx, db);
  const set = await secretsSet(db);
  const logo = await loadLogo(db);
  const certificate = await signingCertificateInfo(db);
  const updated = await lastSettingsChange(db);
  return {
    values,
    secrets: Object.fromEntries(
      SecretSetting.options.map((name) => [name, { set: set[name] }]),
    ) as SettingsView['secrets'],
    clinic_logo: logo,
    signing_certificate: certificate,
    updated_at: updated?.toISOString() ?? null,
  };
}

/** The values after the update, checked as a whole (rules between fields): 10400 with paths. */
function mergedValues(current: SettingsValues, update: Update): SettingsValues {
  const merged = { ...current };
  for (const key of SETTINGS_KEYS) {
    if (update[key] !== undefined) Object.assign(merged, { [key]: update[key] });
  }
  const parsed = settingsValues.safeParse(merged);
  if (!parsed.success) {
    throw new ProtocolError(
      Codes.validation,
      undefined,
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

async function upsert(db: Queryable, key: string, value: unknown, actor: Actor, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now, updatedBy: actor.userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: now, updatedBy: actor.userId },
    });
}

/**
 * Saves what the update names, in one transaction. The audit row lists which keys changed,
 * never a value (a secret must not reach the log, and a changed contact is visible anyway).
 */
export async function updateSettings(ctx: AppContext, actor: Actor, update: Update): Promise<SettingsView> {
  const logo = update.clinic_logo
    ? await readLogo(ctx.workers, update.clinic_logo.content_base64)
    : update.clinic_logo;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const current = await loadSettings(ctx, tx);
    const next = mergedValues(current, update);
    const set = await secretsSet(tx);
    const secretsAfter = Object.fromEntries(
      SecretSetting.options.map((name) => [
        name,
        update[name] === undefined ? set[name] : update[name] !== null,
      ]),
    );
    // The messenger cannot start without both keys (spec §2 embedded messenger).
    if (next.chat_mode === 'zendesk' && !SecretSetting.options.every((name) => secretsAfter[name])) {
      const message = 'Set the Zendesk key id and secret before choosing the Zendesk messenger';
      throw new ProtocolError(Codes.validation, message, [{ path: 'chat_mode', message }]);
    }

    const changed: (SettingsKey | SecretSetting | typeof LOGO_KEY)[] = [];
    for (const key of SETTINGS_KEYS) {
      if (update[key] === undefined || next[key] === current[key]) continue;
      await upsert(tx, key, next[key], actor, now);
      changed.push(key);
    }
    for (const name of SecretSetting.options) {
      const value = update[name];
      if (value === undefined) continue;
      if (value === null) await tx.delete(settings).where(eq(settings.key, name));
      else await upsert(tx, name, sealSecret(ctx, name, value), actor, now);
      changed.push(name);
    }
    if (logo !== undefined) {
      if (logo === null) await tx.delete(settings).where(eq(settings.key, LOGO_KEY));
      else await upsert(tx, LOGO_KEY, logo, actor, now);
      changed.push(LOGO_KEY);
    }
    if (changed.length > 0) {
      await recordAudit(tx, actor.meta, {
        action: 'admin.settings.update',
        outcome: 'success',
        actorId: actor.userId,
        target: 'settings',
        detail: { changed },
      });
    }
    return readSettingsView(ctx, tx);
  });
}
