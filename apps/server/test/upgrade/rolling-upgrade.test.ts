import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@portal/protocol/testing';
import { applicationName, EXPAND_ONLY_MARKER } from '../../src/db/release-guard.ts';
import { LIVENESS_CHANNEL } from '../../src/db/channels.ts';
import {
  PROCESS_SECRETS,
  processDatabase,
  spawnServer,
  type ProcessDatabase,
} from '../../testing/server-process.ts';
import { DEMO_PATIENT, startTestPortal, type TestPortal } from '../../testing/test-portal.ts';
import { saveIntake } from '../../testing/reliability.ts';
import { migrationsWith } from '../../testing/upgrade/next-migrations.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

async function signedIn(client: PortalClient): Promise<PortalClient> {
  await client.handshake();
  await client.login(DEMO_PATIENT.email, DEMO_PATIENT.password);
  return client;
}

/** The old release is this build on the committed migrations: its connections carry this name. */
const OLD_RELEASE = applicationName(path.resolve(import.meta.dirname, '../../drizzle'));
const MAX_SAVES = 2_000;

/**
 * A patient who keeps reading and saving their profile, taking turns over the nodes in
 * `clients` (a load balancer's round robin), until stopped; every failure they would see is
 * collected. Sequential, as one person at one screen, and bounded.
 */
function keepWorking(clients: PortalClient[]) {
  const failures: string[] = [];
  let saves = 0;
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped && i < MAX_SAVES; i++) {
      const c = clients[i % clients.length]!;
      try {
        const { version } = await c.get<{ version: number }>('/patient/profile/');
        const status = await saveIntake(c, 'profile', version);
        if (status === 200) saves += 1;
        else failures.push(`save answered ${status ?? 'no connection'}`);
      } catch (error) {
        failures.push(String(error));
      }
    }
  })();
  return {
    /** Resolves once `n` more saves went through (or the loop ended). */
    async more(n: number) {
      const target = saves + n;
      while (saves < target && !stopped && saves + failures.length < MAX_SAVES) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopped = true;
      await loop;
      return { failures, saves };
    },
  };
}

/**
 * Waits (bounded) until no session of this database matching `where` is connected: a closed
 * client's backend exits soon after. Other tests' portals on the same server share the release's
 * application name, so only this database's sessions count, as in the release guard.
 */
async function untilDisconnected(url: string, where: string, params: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await client.query(
        `select 1 from pg_stat_activity where datname = current_database() and (${where})`,
        params,
      );
      if (rows.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`sessions still connected: ${where}`);
  } finally {
    await client.end();
  }
}

/** The next release, in this process: its own migrations folder, the test's keys and database. */
const nextRelease = (db: ProcessDatabase, migrationsFolder: string) =>
  startTestPortal({
    database: { url: db.env.DATABASE_URL! },
    migrationsFolder,
    env: { ...PROCESS_SECRETS, DATA_DIR: db.dataDir },
  });

async function refusal(start: Promise<TestPortal>): Promise<string> {
  return start.then(
    async (portal) => {
      await portal.close();
      return 'started';
    },
    (error: Error) => error.message,
  );
}

describe.skipIf(!process.env.DATABASE_URL)('rolling upgrade on PostgreSQL', () => {
  it('an expand-only release runs beside the old one; any other waits until every old node is gone', async () => {
    const db = await processDatabase();
    cleanups.push(() => db.drop());
    const old = await spawnServer(db.env);
    cleanups.push(() => old.stop());
    const onOld = await signedIn(old.client());

    const expand = await migrationsWith([
      {
        name: 'rolling_expand',
        statements: [`${EXPAND_ONLY_MARKER}\nALTER TABLE users ADD COLUMN rolling_probe text;`],
      },
    ]);
    const contract = await migrationsWith([
      {
        name: 'rolling_expand',
        statements: [`${EXPAND_ONLY_MARKER}\nALTER TABLE users ADD COLUMN rolling_probe text;`],
      },
      { name: 'rolling_contract', statements: ['ALTER TABLE users DROP COLUMN rolling_probe;'] },
    ]);
    cleanups.push(() => rm(expand, { recursive: true, force: true }));
    cleanups.push(() => rm(contract, { recursive: true, force: true }));

    // Expand-only: the new node migrates while the patient works on the old one, then serves
    // beside it; the patient's session works on both.
    const nodes = [onOld];
    const patient = keepWorking(nodes);
    await patient.more(3);
    const expanded = await nextRelease(db, expand);
    nodes.push(await signedIn(expanded.client()));
    await patient.more(10);
    const expandPhase = await patient.stop();
    expect(expandPhase.failures).toEqual([]);
    await expanded.close();

    // A migration that is not expand-only: refused while the old node is connected, which keeps
    // serving the patient; the database stays where it was.
    const during = keepWorking([onOld]);
    await during.more(3);
    expect(await refusal(nextRelease(db, contract))).toMatch(
      new RegExp(
        `Nodes of another release \\(${OLD_RELEASE.slice('portal@'.length)}\\) are still connected to this database.*stop every one of them`,
      ),
    );
    await during.more(3);
    const contractPhase = await during.stop();
    expect(contractPhase.failures).toEqual([]);

    await old.stop();
    await untilDisconnected(db.env.DATABASE_URL!, 'application_name = $1', [OLD_RELEASE]);
    // A node of a release before application names: known by its LISTEN connection.
    const preMarker = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await preMarker.connect();
    await preMarker.query(`listen ${pg.escapeIdentifier(LIVENESS_CHANNEL)}`);
    expect(await refusal(nextRelease(db, contract))).toMatch(/a release before 2026-11/);
    const { rows } = await preMarker.query<{ pid: number }>('select pg_backend_pid() as pid');
    await preMarker.end();
    await untilDisconnected(db.env.DATABASE_URL!, 'pid = $1', [rows[0]!.pid]);

    const next = await nextRelease(db, contract);
    cleanups.push(() => next.close());
    const after = await signedIn(next.client());
    expect(
      (await after.get<{ value: { preferred_name: string } }>('/patient/profile/')).value.preferred_name,
    ).toMatch(/^v\d+$/);
  }, 180_000);
});
