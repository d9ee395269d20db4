import { eq } from 'drizzle-orm';
import { BF_ADL_INSTRUMENT, Codes, ProtocolError, type ChartPdf, type Locale } from '@portal/protocol';
import type { Bundle } from '@medplum/fhirtypes';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../db/schema/index.ts';
import { listSubmissions } from '../../assessment/index.ts';
import { recordStandaloneAudit } from '../../audit/index.ts';
import { documentHistory } from '../../documents/index.ts';
import { addOrderResources } from '../../orders/index.ts';
import { isPatient, loadPatientRecord, patientFhirBundle } from '../../patient/index.ts';
import { summaryOf } from './summary-content.ts';
import { buildSummaryPdf } from './summary-pdf.ts';
import type { Actor } from '../../../plugins/auth.ts';

async function auditExport(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  format: 'fhir' | 'pdf',
  detail: object,
) {
  await recordStandaloneAudit(ctx, actor.meta, {
    action: 'chart.export',
    outcome: 'success',
    actorId: actor.userId,
    subjectId: patientId,
    target: 'chart',
    detail: { format, ...detail },
  });
}

async function requirePatient(ctx: AppContext, patientId: string) {
  // A staff account or a wrong id has no chart: 'Items not found', as for any missing record.
  if (!(await isPatient(ctx.db, patientId))) throw new ProtocolError(Codes.itemsNotFound);
}

/** The patient's record as a FHIR R4 Bundle: the mapping of their own export; audited. */
export async function exportChartFhir(ctx: AppContext, actor: Actor, patientId: string): Promise<Bundle> {
  await requirePatient(ctx, patientId);
  const bundle = await patientFhirBundle(ctx, patientId, [addOrderResources]);
  await auditExport(ctx, actor, patientId, 'fhir', { resources: bundle.entry?.length ?? 0 });
  return bundle;
}

/** A printable summary of the record in the staff member's language; audited. */
export async function exportChartPdf(
  ctx: AppContext,
  actor: Actor,
  patientId: string,
  locale: Locale | undefined,
): Promise<ChartPdf> {
  await requirePatient(ctx, patientId);
  const people = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
    .from(users)
    .where(eq(users.id, actor.userId));
  const staff = people[0]!;
  const [account] = await ctx.db
    .select({ first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, patientId));
  const language: Locale = locale ?? (staff.locale === 'cn' ? 'cn' : 'gb');
  const content = summaryOf({
    locale: language,
    record: await loadPatientRecord(ctx, patientId),
    accountName: account!,
    assessments: await listSubmissions(ctx, ctx.db, patientId, BF_ADL_INSTRUMENT),
    documents: await documentHistory(ctx, ctx.db, patientId),
    printedBy: `${staff.firstName} ${staff.lastName}`.trim(),
    printedAt: ctx.now(),
  });
  const pdf = await buildSummaryPdf(content);
  await auditExport(ctx, actor, patientId, 'pdf', { locale: language, bytes: pdf.length });
  return {
    filename: `patient-summary-${ctx.now().toISOString().slice(0, 10)}.pdf`,
    pdf_base64: Buffer.from(pdf).toString('base64'),
  };
}
