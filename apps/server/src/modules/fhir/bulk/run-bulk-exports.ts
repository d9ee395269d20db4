import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { bulkExportFiles, bulkExports } from '../../../db/schema/index.ts';
import { failureWithoutValues } from '../../../lib/failure-without-values.ts';
import { recordAudits } from '../../audit/index.ts';
import { patientResourcesForExport } from '../patient-resources-for-export.ts';
import { NdjsonFiles } from './ndjson-files.ts';
import { patientsAfter } from './patient-groups.ts';

/** Patients read between two writes of progress (and of the files filled meanwhile). */
export const PATIENTS_PER_BATCH = 50;
/**
 * An export running longer than this is given up, by its runner or, when that node died, by the
 * next run of the job: a row records no heartbeat, so age is what tells a lost run.
 */
export const EXPORT_RUN_LIMIT_MS = 60 * 60_000;

type ClaimedExport = Pick<typeof bulkExports.$inferSelect, 'id' | 'clientId' | 'since' | 'types'> & {
  transactionTime: Date;
};

/**
 * The background job: runs queued exports one after another until none is left. A run is
 * claimed by moving it from queued to running in one statement over a row locked with
 * FOR UPDATE SKIP LOCKED, so two nodes never run one export.
 */
export async function runBulkExports(ctx: AppContext): Promise<number> {
  await giveUpLostExports(ctx);
  let ran = 0;
  for (let next = await claimNextExport(ctx); next; next = await claimNextExport(ctx)) {
    await runExport(ctx, next);
    ran += 1;
  }
  return ran;
}

async function claimNextExport(ctx: AppContext): Promise<ClaimedExport | null> {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(bulkExports)
    .set({ status: 'running', transactionTime: now, progress: 0 })
    .where(
      sql`${bulkExports.id} = (select id from ${bulkExports} where status = 'queued'
        and expires_at > ${now.toISOString()}::timestamptz order by created_at limit 1 for update skip locked)`,
    )
    .returning({
      id: bulkExports.id,
      clientId: bulkExports.clientId,
      since: bulkExports.since,
      types: bulkExports.types,
    });
  return claimed ? { ...claimed, transactionTime: now } : null;
}

async function giveUpLostExports(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(bulkExports)
    .set({ status: 'failed', error: 'The export was interrupted: kick it off again' })
    .where(
      and(
        eq(bulkExports.status, 'running'),
        lt(bulkExports.transactionTime, new Date(ctx.now().getTime() - EXPORT_RUN_LIMIT_MS)),
      ),
    );
}

/**
 * Reads the group patient by patient, yielding to the event loop between them, and writes each
 * batch's progress, full files and audit rows (one per patient whose resources it holds, the
 * client as actor) in one transaction. A cancelled or given-up export stops at the next batch.
 */
async function runExport(ctx: AppContext, run: ClaimedExport): Promise<void> {
  const files = new NdjsonFiles(ctx, run.id);
  let progress = 0;
  let lastPatient: string | null = null;
  try {
    for (;;) {
      const patients = await patientsAfter(ctx, lastPatient, PATIENTS_PER_BATCH);
      if (patients.length === 0) break;
      const exported: { patientId: string; resources: number }[] = [];
      for (const patientId of patients) {
        const resources = await patientResourcesForExport(ctx, ctx.db, patientId, {
          types: run.types,
          since: run.since ?? undefined,
        });
        if (resources.length > 0) exported.push({ patientId, resources: resources.length });
        files.add(resources);
        progress += resources.length;
        await yieldToEventLoop();
      }
      if (!(await saveBatch(ctx, run, { progress, files: files.take(false), exported }))) return;
      if (ctx.now().getTime() - run.transactionTime.getTime() > EXPORT_RUN_LIMIT_MS) {
        throw new Error('the export ran past its time limit');
      }
      lastPatient = patients.at(-1)!;
    }
    await saveBatch(ctx, run, { progress, files: files.take(true), exported: [] }, 'complete');
  } catch (error) {
    ctx.log.error({ exportId: run.id, err: failureWithoutValues(error) }, 'bulk export failed');
    // A failed export keeps no PHI: the files it wrote go with the failure, not a day later.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(bulkExports)
        .set({ status: 'failed', error: 'The export could not be completed' })
        .where(and(eq(bulkExports.id, run.id), eq(bulkExports.status, 'running')));
      await tx.delete(bulkExportFiles).where(eq(bulkExportFiles.exportId, run.id));
    });
  }
}

/** Writes a batch if the export is still running (not cancelled or given up); false otherwise. */
async function saveBatch(
  ctx: AppContext,
  run: ClaimedExport,
  batch: {
    progress: number;
    files: (typeof bulkExportFiles.$inferInsert)[];
    exported: { patientId: string; resources: number }[];
  },
  status?: 'complete',
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [running] = await tx
      .update(bulkExports)
      .set({ progress: batch.progress, ...(status && { status, completedAt: ctx.now() }) })
      .where(and(eq(bulkExports.id, run.id), eq(bulkExports.status, 'running')))
      .returning({ id: bulkExports.id });
    if (!running) return false;
    if (batch.files.length > 0) await tx.insert(bulkExportFiles).values(batch.files);
    await recordAudits(
      tx,
      null,
      batch.exported.map(({ patientId, resources }) => ({
        action: 'fhir.export' as const,
        outcome: 'success' as const,
        actorId: run.clientId,
        subjectId: patientId,
        target: `fhir:$export/${run.id}` as const,
        detail: { resources },
      })),
    );
    return true;
  });
}
