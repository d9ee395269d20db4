import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { LIVENESS_CHANNEL } from './channels.ts';

/**
 * First line of a migration that only adds (tables, nullable columns, indexes, functions) and
 * so may run while nodes of the previous release keep serving (decision: rolling upgrades).
 */
export const EXPAND_ONLY_MARKER = '-- portal:expand-only';

/**
 * Every PostgreSQL connection of a node names the schema its build carries (the newest
 * migration's tag), so a node about to migrate can see which releases are still connected.
 */
export function applicationName(migrationsFolder: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  // PostgreSQL keeps 63 bytes of it; tags are ASCII.
  return `portal@${journal.entries.at(-1)!.tag}`.slice(0, 63);
}

async function newestApplied(client: pg.Client): Promise<number> {
  const exists = await client.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
  );
  if (!exists.rows[0]?.table) return 0;
  const result = await client.query<{ newest: string | null }>(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  return Number(result.rows[0]?.newest ?? 0);
}

/** What a node's liveness connection last ran, as pg_stat_activity shows it: every node holds one. */
const NODE_LISTEN = `listen "${LIVENESS_CHANNEL}"`;
/** A session's release: its application name, or, for releases before the name was set, when they came. */
const RELEASE_OF = `coalesce(nullif(application_name, ''), 'a release before 2026-11')`;

async function releasesOf(client: pg.Client, where: string, params: unknown[]): Promise<string[]> {
  const result = await client.query<{ release: string }>(
    `select ${RELEASE_OF} as release from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and (${where})
     order by 1`,
    params,
  );
  return result.rows.map((r) => r.release.replace(/^portal@/, ''));
}

/**
 * Nodes of other releases connected to this database: by their application name, and, for
 * releases before the name was set, by their LISTEN connection on the liveness channel.
 */
async function otherReleases(client: pg.Client, ownName: string): Promise<string[]> {
  const sessions = await releasesOf(
    client,
    `(application_name like 'portal@%' and application_name <> $1) or (application_name = '' and query = $2)`,
    [ownName, NODE_LISTEN],
  );
  return [...new Set(sessions)];
}

/**
 * The portal nodes serving on this database, of any release: one entry per node (the release
 * it runs), known by its liveness LISTEN connection. Tools such as `admin:create` hold none, so
 * they do not count.
 */
export function runningNodes(client: pg.Client): Promise<string[]> {
  return releasesOf(client, 'query = $1', [NODE_LISTEN]);
}

/**
 * Called under the migration lock before migrating: a pending migration that is not
 * expand-only would change the schema under running nodes of another release, so this node
 * refuses to apply it (and to start) until they are gone (docs/operations.md, "Upgrading").
 */
export async function refuseBesideOtherReleases(
  client: pg.Client,
  migrationsFolder: string,
  ownName: string,
): Promise<void> {
  const applied = await newestApplied(client);
  const pending = readMigrationFiles({ migrationsFolder }).filter((m) => m.folderMillis > applied);
  if (pending.every((m) => m.sql[0]?.trimStart().startsWith(EXPAND_ONLY_MARKER))) return;
  const others = await otherReleases(client, ownName);
  if (others.length === 0) return;
  throw new Error(
    `Nodes of another release (${others.join(', ')}) are still connected to this database, and this ` +
      `release's migrations change the schema they use: stop every one of them, then start this ` +
      `release (docs/operations.md, "Upgrading").`,
  );
}
