import { sql, type SQL } from 'drizzle-orm';
import { SecretSetting } from '@portal/protocol';
import type { Database, Queryable } from '../db/database.ts';
import { DataCipher } from './data-cipher.ts';
import { rowsOf } from '../db/rows-of.ts';

/**
 * Every column encrypted with the data cipher, with the associated data (context) each
 * value was sealed under, computed in SQL from the row. The contexts repeat the ones the
 * stores use; the rotation test reads every kind of record back through the real services
 * after a rotation, and a schema test fails when a bytea column is missing here.
 */
export interface EncryptedColumn {
  table: string;
  column: string;
  /** Columns that identify a row for the update. */
  keys: string[];
  context: SQL;
}

const ctx = (...parts: (string | SQL)[]) =>
  sql.join(
    parts.map((p) => (typeof p === 'string' ? sql`${p}` : sql`(${p})::text`)),
    sql` || `,
  );
const col = (name: string) => sql`${sql.identifier(name)}`;

export const ENCRYPTED_COLUMNS: EncryptedColumn[] = [
  { table: 'handshakes', column: 'shared_secret_enc', keys: ['uid'], context: ctx('handshake:', col('uid')) },
  {
    table: 'patient_resources',
    column: 'data_enc',
    keys: ['user_id', 'kind'],
    context: ctx('patient:', col('user_id'), ':', col('kind')),
  },
  {
    table: 'patient_files',
    column: 'data_enc',
    keys: ['user_id', 'slot'],
    context: ctx('file:', col('user_id'), ':', col('slot')),
  },
  {
    table: 'assessment_submissions',
    column: 'data_enc',
    keys: ['id'],
    context: ctx('assessment:', col('user_id'), ':', col('id')),
  },
  {
    table: 'assessment_drafts',
    column: 'data_enc',
    keys: ['user_id', 'instrument'],
    context: ctx('assessment-draft:', col('user_id'), ':', col('instrument')),
  },
  { table: 'document_files', column: 'data_enc', keys: ['id'], context: ctx('document_file:', col('id')) },
  {
    table: 'document_assignments',
    column: 'rejection_reason_enc',
    keys: ['id'],
    context: ctx('document_assignments:', col('id'), ':reason'),
  },
  {
    table: 'device_orders',
    column: 'note_enc',
    keys: ['id'],
    context: ctx('device-order-note:', col('id')),
  },
  {
    table: 'device_order_events',
    column: 'note_enc',
    keys: ['id'],
    context: ctx('device-order-note:', col('order_id')),
  },
  {
    table: 'device_deliveries',
    column: 'details_enc',
    keys: ['order_id'],
    context: ctx('device-delivery:', col('order_id')),
  },
  {
    table: 'bulk_export_files',
    column: 'content',
    keys: ['id'],
    context: ctx('bulk_export_files:', col('export_id'), ':', col('id')),
  },
  { table: 'webhook_endpoints', column: 'secret', keys: ['id'], context: ctx('webhook_endpoints.secret') },
  {
    table: 'webhook_endpoints',
    column: 'previous_secret',
    keys: ['id'],
    context: ctx('webhook_endpoints.secret'),
  },
  {
    table: 'signing_certificates',
    column: 'private_key_enc',
    keys: ['purpose'],
    context: ctx('signing_certificates:', col('purpose')),
  },
  {
    table: 'mfa_factors',
    column: 'secret_enc',
    keys: ['user_id'],
    context: ctx('mfa_factors:', col('user_id')),
  },
  {
    table: 'messages',
    column: 'body_enc',
    keys: ['id'],
    context: ctx('message:', col('thread_id'), ':', col('id')),
  },
  {
    table: 'message_attachments',
    column: 'name_enc',
    keys: ['id'],
    context: ctx(
      'message-file-name:',
      sql`select m.thread_id from messages m where m.id = message_id`,
      ':',
      col('id'),
    ),
  },
  {
    table: 'message_attachments',
    column: 'data_enc',
    keys: ['id'],
    context: ctx(
      'message-file:',
      sql`select m.thread_id from messages m where m.id = message_id`,
      ':',
      col('id'),
    ),
  },
  {
    table: 'intake_submissions',
    column: 'snapshot_enc',
    keys: ['id'],
    context: ctx('intake-submission:', col('user_id'), ':', col('id')),
  },
  {
    table: 'intake_submission_files',
    column: 'data_enc',
    keys: ['user_id', 'sha256'],
    context: ctx('file:', col('user_id'), ':', col('slot')),
  },
  {
    table: 'intake_reviews',
    column: 'note_enc',
    keys: ['id'],
    context: ctx('intake-review:', col('user_id'), ':', col('id')),
  },
  { table: 'mail_outbox', column: 'message', keys: ['id'], context: ctx('mail_outbox') },
  {
    table: 'caregiver_grants',
    column: 'details_enc',
    keys: ['id'],
    context: ctx('caregiver_grants:', col('id'), ':details'),
  },
];

export interface RotationReport {
  /** Values re-encrypted, by `table.column` (settings secrets as `settings.<key>`). */
  counts: Record<string, number>;
}

async function rotateColumn(tx: Queryable, c: EncryptedColumn, from: DataCipher, to: DataCipher) {
  const keyList = sql.join(
    c.keys.map((k) => col(k)),
    sql`, `,
  );
  // Keys and contexts first, values one at a time: a table of documents need not fit in memory.
  const rows = rowsOf(
    await tx.execute(
      sql`select ${keyList}, ${c.context} as "__context" from ${col(c.table)} where ${col(c.column)} is not null`,
    ),
  );
  for (const row of rows) {
    const match = sql.join(
      c.keys.map((k) => sql`${col(k)} = ${row[k]}`),
      sql` and `,
    );
    const [stored] = rowsOf(
      await tx.execute(sql`select ${col(c.column)} as v from ${col(c.table)} where ${match}`),
    );
    const context = String(row.__context);
    const plaintext = from.decrypt(stored!.v as Uint8Array, context);
    const sealed = Buffer.from(to.encrypt(plaintext, context));
    await tx.execute(sql`update ${col(c.table)} set ${col(c.column)} = ${sealed} where ${match}`);
  }
  return rows.length;
}

/** Write-only settings (messenger credentials) sit in the settings table as `{ sealed: base64 }`. */
async function rotateSettingsSecrets(
  tx: Queryable,
  from: DataCipher,
  to: DataCipher,
  counts: Record<string, number>,
) {
  for (const name of SecretSetting.options) {
    const [row] = rowsOf(await tx.execute(sql`select value from settings where key = ${name}`));
    if (!row) continue;
    const context = `settings:${name}`;
    const sealed = Buffer.from((row.value as { sealed: string }).sealed, 'base64');
    const value = {
      sealed: Buffer.from(to.encrypt(from.decrypt(sealed, context), context)).toString('base64'),
    };
    await tx.execute(sql`update settings set value = ${JSON.stringify(value)}::jsonb where key = ${name}`);
    counts[`settings.${name}`] = 1;
  }
}

/**
 * Recomputes, under the new key, values keyed with the data key (blind indexes): reads what the
 * rotation has just re-encrypted, through `to`, and answers how many it wrote.
 */
export type RekeyHashes = (tx: Queryable, to: DataCipher) => Promise<number>;

/**
 * Re-encrypts every value at rest from one master key to another, and recomputes the keyed
 * hashes (`hashes`, by `table.column`), in a single transaction: either all of it moves to the
 * new key or, on any failure (a value the old key cannot open, a lost connection), nothing
 * changes and the old key stays valid.
 */
export async function rotateMasterKey(
  db: Database,
  oldKey: Buffer,
  newKey: Buffer,
  hashes: Record<string, RekeyHashes>,
): Promise<RotationReport> {
  const from = new DataCipher(oldKey);
  const to = new DataCipher(newKey);
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const c of ENCRYPTED_COLUMNS) counts[`${c.table}.${c.column}`] = await rotateColumn(tx, c, from, to);
    await rotateSettingsSecrets(tx, from, to, counts);
    for (const [column, rekey] of Object.entries(hashes)) counts[column] = await rekey(tx, to);
  });
  return { counts };
}
