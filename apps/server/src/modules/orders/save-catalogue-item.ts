import { eq } from 'drizzle-orm';
import {
  Codes,
  ProtocolError,
  type CatalogueItem,
  type catalogueItemRequest,
  type FieldError,
} from '@portal/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { catalogueItems } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { findPublished } from '../documents/index.ts';
import { catalogueItemView, type CatalogueRow } from './read-catalogue.ts';

/**
 * `POST /admin/catalogue/`: a new item, or a change to the version read (10409 when another
 * change came first). The form and the manual must be published library documents, the form one
 * the patient signs.
 */
export async function saveCatalogueItem(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof catalogueItemRequest>,
): Promise<CatalogueItem> {
  const { id, version, ...fields } = request;
  return ctx.db.transaction(async (tx) => {
    await refuseUnpublishedDocuments(tx, request);
    const values = { ...catalogueColumns(fields), updatedAt: ctx.now() };
    let row: CatalogueRow | undefined;
    if (id === undefined) {
      [row] = await tx.insert(catalogueItems).values(values).returning();
    } else {
      const [current] = await tx
        .select({ version: catalogueItems.version })
        .from(catalogueItems)
        .where(eq(catalogueItems.id, id))
        .for('update');
      if (!current) throw new ProtocolError(Codes.itemsNotFound);
      if (current.version !== version) throw new ProtocolError(Codes.conflict);
      [row] = await tx
        .update(catalogueItems)
        .set({ ...values, version: current.version + 1 })
        .where(eq(catalogueItems.id, id))
        .returning();
    }
    await recordAudit(tx, actor.meta, {
      action: 'catalogue.write',
      outcome: 'success',
      actorId: actor.userId,
      target: `catalogue_items:${row!.id}`,
      detail: { category: row!.category, version: row!.version },
    });
    return catalogueItemView(row!);
  });
}

async function refuseUnpublishedDocuments(
  db: Queryable,
  request: z.output<typeof catalogueItemRequest>,
): Promise<void> {
  const errors: FieldError[] = [];
  if (request.form_template_id) {
    const form = await findPublished(db, request.form_template_id);
    if (!form || form.kind !== 'signature')
      errors.push({ path: 'form_template_id', message: 'Expected a published library form to sign' });
  }
  if (request.manual_template_id && !(await findPublished(db, request.manual_template_id)))
    errors.push({ path: 'manual_template_id', message: 'Expected a published library document' });
  if (errors.length > 0) throw new ProtocolError(Codes.validation, errors[0]!.message, errors);
}

/** The catalogue row's columns from the request's fields (the demo seed writes its items the same way). */
export function catalogueColumns(fields: Omit<z.output<typeof catalogueItemRequest>, 'id' | 'version'>) {
  return {
    hcpcs: fields.hcpcs,
    category: fields.category,
    nameGb: fields.name_gb,
    nameCn: fields.name_cn,
    prepareGb: fields.prepare_gb,
    prepareCn: fields.prepare_cn,
    supply: fields.supply,
    rentalMonths: fields.rental_months,
    resupplyDays: fields.resupply_days,
    maintenanceMonths: fields.maintenance_months,
    requiresPrescription: fields.requires_prescription,
    requiresPriorAuthorisation: fields.requires_prior_authorisation,
    bfAdlWithinDays: fields.bf_adl_within_days,
    formTemplateId: fields.form_template_id,
    manualTemplateId: fields.manual_template_id,
    active: fields.active,
  } satisfies Partial<CatalogueRow>;
}
