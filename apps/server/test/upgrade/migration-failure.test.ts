import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@portal/protocol/testing';
import { openDatabase } from '../../src/db/database.ts';
import { comparable } from '../../testing/upgrade/manifest.ts';
import { migrationsWith } from '../../testing/upgrade/next-migrations.ts';
import { DEMO_ADMIN, DEMO_PATIENT, freshDatabase, startTestPortal } from '../../testing/test-portal.ts';

/** The next release's batch, going wrong: a fine migration, then one that rewrites names and fails. */
const migrationsFailingHalfway = () =>
  migrationsWith([
    { name: 'upgrade_probe_expand', statements: ['CREATE TABLE upgrade_probe (id integer primary key);'] },
    {
      name: 'upgrade_probe_fails_halfway',
      statements: [
        'ALTER TABLE users ADD COLUMN upgrade_probe text;',
        "UPDATE users SET first_name = 'rewritten', upgrade_probe = first_name;",
        "DO $$ BEGIN RAISE EXCEPTION 'migration made to fail halfway'; END $$;",
      ],
    },
  ]);

/** What the demo patient and the clinic read: equal before and after only if nothing moved. */
async function readBack(patient: PortalClient, admin: PortalClient) {
  const read = async (client: PortalClient, route: string, query?: Record<string, string>) =>
    comparable(await client.get(route, query), route);
  return {
    profile: await read(patient, '/patient/profile/'),
    documents: await read(patient, '/patient/documents/', { kind: 'signature' }),
    messages: await read(patient, '/patient/messages/'),
    users: await read(admin, '/admin/users/'),
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('a migration that fails halfway', () => {
  it('rolls the whole batch back: the database stays at the previous version, readable by the current build', async () => {
    const fresh = await freshDatabase();
    cleanups.push(() => fresh.drop());
    const before = await startTestPortal({ database: fresh.target });
    const seen = await readBack(
      await before.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password),
      await before.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password),
    );
    await before.close();

    const folder = await migrationsFailingHalfway();
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const next = await openDatabase(fresh.target, { migrationsFolder: folder });
    try {
      await expect(next.migrate()).rejects.toThrow();
      expect(await next.migrationsCurrent()).toBe(false);
      const state = (await next.db.execute(sql`
        select
          (select count(*)::int from information_schema.columns
            where table_name = 'users' and column_name = 'upgrade_probe') as probe_columns,
          (select count(*)::int from information_schema.tables where table_name = 'upgrade_probe') as probe_tables,
          (select count(*)::int from users where first_name = 'rewritten') as rewritten`)) as unknown as {
        rows: Record<string, number>[];
      };
      expect(state.rows[0]).toEqual({ probe_columns: 0, probe_tables: 0, rewritten: 0 });
    } finally {
      await next.close();
    }

    const current = await openDatabase(fresh.target);
    expect(await current.migrationsCurrent()).toBe(true);
    await current.close();
    const after = await startTestPortal({ database: fresh.target });
    cleanups.push(() => after.close());
    expect(
      await readBack(
        await after.signedIn(DEMO_PATIENT.email, DEMO_PATIENT.password),
        await after.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password),
      ),
    ).toEqual(seen);
  }, 120_000);
});
