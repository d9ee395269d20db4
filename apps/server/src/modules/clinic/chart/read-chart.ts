import {
  Codes,
  ProtocolError,
  type AuditTarget,
  type AuditValue,
  type CardContent,
  type ChartSection,
} from '@portal/protocol';
import type { AppContext } from '../../../context.ts';
import { recordStandaloneAudit } from '../../audit/index.ts';
import { isPatient, readSnapshotCard } from '../../patient/index.ts';
import { CHART_SECTION_READERS } from './chart-sections.ts';
import type { Actor } from '../../../plugins/auth.ts';

/**
 * The audit row of one chart read: who, which patient, which section. Awaited before the
 * answer leaves; a look-up of nothing is recorded as a failure, then answers 10404.
 */
async function auditChartRead(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  section: AuditValue<'section'>,
  found: boolean,
  target: AuditTarget = `chart:${section}`,
) {
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'chart.read',
    outcome: found ? 'success' : 'failure',
    actorId: actor.userId,
    subjectId: patientId,
    target,
    detail: { section },
  });
}

/** One section of a patient's chart, read-only, as the patient last handed it in. */
export async function readChartSection(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  section: ChartSection,
): Promise<unknown> {
  const found = await isPatient(ctx.db, patientId);
  const value = found ? await CHART_SECTION_READERS[section](ctx, patientId) : undefined;
  await auditChartRead(ctx, actor, patientId, section, found);
  if (!found) throw new ProtocolError(Codes.itemsNotFound);
  return value;
}

/** A card image the patient handed in, by its sha256; only this patient's files are found. */
export async function readChartCard(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  sha256: string,
): Promise<CardContent> {
  const file = (await isPatient(ctx.db, patientId))
    ? await readSnapshotCard(ctx, ctx.db, patientId, sha256)
    : undefined;
  await auditChartRead(ctx, actor, patientId, 'insurance_card', file !== undefined, `card:${sha256}`);
  if (!file) throw new ProtocolError(Codes.itemsNotFound);
  return { mime: file.mime, content_base64: file.bytes.toString('base64') };
}
