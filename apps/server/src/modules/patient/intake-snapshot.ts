import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import {
  INTAKE_RESOURCE_NAMES,
  intakeSnapshot,
  type Coverage,
  type IntakeSnapshot,
  type SnapshotCard,
} from '@portal/protocol';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import {
  intakeSubmissionFiles,
  intakeSubmissions,
  patientFiles,
  patientResources,
} from '../../db/schema/index.ts';
import { listCoverages } from './manage-coverages.ts';
import { decryptedResource, loadPatientResource } from './resource-queries.ts';
import { mapInTurn } from '../../db/in-turn.ts';

/** Binds a snapshot's ciphertext to its patient and hand-in, so rows cannot be swapped. */
const snapshotContext = (userId: string, id: string) => `intake-submission:${userId}:${id}`;
/** The card ciphertext is copied as is: it stays bound to the slot it was uploaded to. */
const cardContext = (userId: string, slot: string) => `file:${userId}:${slot}`;
/** The resource that records a hand-in (fill-intake.ts), from before snapshots too. */
export const SUBMISSION_KIND = 'intake_submission';

export interface StoredSnapshot {
  id: string;
  submittedAt: Date;
  snapshot: IntakeSnapshot;
}

/**
 * Writes what the patient hands in, inside the hand-in's transaction: every saved section (never
 * a draft), the coverages, and a copy of each card image not already kept for this patient.
 */
export async function writeIntakeSnapshot(
  ctx: AppContext,
  tx: Queryable,
  userId: string,
  noInsurance: boolean,
  submittedAt = ctx.now(),
): Promise<StoredSnapshot> {
  const sections = Object.fromEntries(
    await mapInTurn(INTAKE_RESOURCE_NAMES, async (name) => [
      name,
      (await loadPatientResource(ctx, tx, userId, name))?.value ?? null,
    ]),
  );
  const files = await tx
    .select({
      slot: patientFiles.slot,
      sha256: patientFiles.sha256,
      mime: patientFiles.mime,
      size: patientFiles.size,
    })
    .from(patientFiles)
    .where(and(eq(patientFiles.userId, userId), like(patientFiles.slot, 'insurance:%')));
  const card = (slot: string): SnapshotCard => {
    const file = files.find((f) => f.slot === slot);
    return file ? { sha256: file.sha256, mime: file.mime, size: file.size } : null;
  };
  const coverages = noInsurance
    ? []
    : (await listCoverages(ctx, tx, userId)).map((c) => ({
        value: c.value as Coverage,
        cards: { front: card(`${c.kind}:front`), back: card(`${c.kind}:back`) },
      }));
  const snapshot = intakeSnapshot.parse({ sections, no_insurance: noInsurance, coverages });
  const kept = coverages.flatMap((c) => [c.cards.front, c.cards.back]).filter((c) => c !== null);
  if (kept.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${intakeSubmissionFiles} (user_id, sha256, slot, mime, size, data_enc)
      SELECT user_id, sha256, slot, mime, size, data_enc FROM ${patientFiles}
      WHERE user_id = ${userId} AND ${inArray(
        patientFiles.sha256,
        kept.map((c) => c.sha256),
      )} AND slot LIKE 'insurance:%'
      ON CONFLICT (user_id, sha256) DO NOTHING`);
  }
  const id = randomUUID();
  await tx.insert(intakeSubmissions).values({
    id,
    userId,
    submittedAt,
    snapshot: ctx.cipher.encryptJson(snapshot, snapshotContext(userId, id)),
  });
  return { id, submittedAt, snapshot };
}

/** The patient's newest hand-ins, newest first (`limit` 2: the latest and the one before). */
export async function loadIntakeSnapshots(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  limit: number,
): Promise<StoredSnapshot[]> {
  const rows = await db
    .select()
    .from(intakeSubmissions)
    .where(eq(intakeSubmissions.userId, userId))
    .orderBy(desc(intakeSubmissions.submittedAt))
    .limit(limit);
  return rows.map((row) => decryptedSnapshot(ctx, row));
}

/** One hand-in of this patient by id, or undefined. */
export async function loadIntakeSnapshot(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  id: string,
): Promise<StoredSnapshot | undefined> {
  const [row] = await db
    .select()
    .from(intakeSubmissions)
    .where(and(eq(intakeSubmissions.userId, userId), eq(intakeSubmissions.id, id)))
    .limit(1);
  return row && decryptedSnapshot(ctx, row);
}

function decryptedSnapshot(ctx: AppContext, row: typeof intakeSubmissions.$inferSelect): StoredSnapshot {
  const value = ctx.cipher.decryptJson(row.snapshot, snapshotContext(row.userId, row.id));
  return { id: row.id, submittedAt: row.submittedAt, snapshot: intakeSnapshot.parse(value) };
}

/** A card image as handed in, decrypted, or undefined when this patient handed in no such file. */
export async function readSnapshotCard(
  ctx: AppContext,
  db: Queryable,
  userId: string,
  sha256: string,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const [file] = await db
    .select()
    .from(intakeSubmissionFiles)
    .where(and(eq(intakeSubmissionFiles.userId, userId), eq(intakeSubmissionFiles.sha256, sha256)))
    .limit(1);
  return file && { mime: file.mime, bytes: ctx.cipher.decrypt(file.data, cardContext(userId, file.slot)) };
}

/**
 * Hand-ins made before snapshots existed (migration 0011) get one from their saved intake, dated
 * at their hand-in, so the clinic sees them on the chart; run at start, it finds none once done.
 */
export async function snapshotEarlierHandIns(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(patientResources)
    .where(
      and(
        eq(patientResources.kind, SUBMISSION_KIND),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(intakeSubmissions)
            .where(eq(intakeSubmissions.userId, patientResources.userId)),
        ),
      ),
    );
  for (const row of rows) {
    const submission = decryptedResource(ctx, row).value as { no_insurance?: boolean };
    await ctx.db.transaction((tx) =>
      writeIntakeSnapshot(ctx, tx, row.userId, Boolean(submission.no_insurance), row.updatedAt),
    );
  }
  return rows.length;
}
