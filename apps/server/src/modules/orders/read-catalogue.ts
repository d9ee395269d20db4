import { asc, desc } from 'drizzle-orm';
import type { Catalogue, CatalogueItem } from '@portal/protocol';
import type { Queryable } from '../../db/database.ts';
import { catalogueItems } from '../../db/schema/index.ts';

export type CatalogueRow = typeof catalogueItems.$inferSelect;

export function catalogueItemView(row: CatalogueRow): CatalogueItem {
  return {
    id: row.id,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    hcpcs: row.hcpcs,
    category: row.category,
    name_gb: row.nameGb,
    name_cn: row.nameCn,
    prepare_gb: row.prepareGb,
    prepare_cn: row.prepareCn,
    supply: row.supply,
    rental_months: row.rentalMonths,
    resupply_days: row.resupplyDays,
    maintenance_months: row.maintenanceMonths,
    requires_prescription: row.requiresPrescription,
    requires_prior_authorisation: row.requiresPriorAuthorisation,
    bf_adl_within_days: row.bfAdlWithinDays,
    form_template_id: row.formTemplateId,
    manual_template_id: row.manualTemplateId,
    active: row.active,
  };
}

/** `GET /admin/catalogue/`: every item, active first, by category and name. Not PHI: not audited. */
export async function readCatalogue(db: Queryable): Promise<Catalogue> {
  const rows = await db
    .select()
    .from(catalogueItems)
    .orderBy(desc(catalogueItems.active), asc(catalogueItems.category), asc(catalogueItems.nameGb));
  return { items: rows.map(catalogueItemView) };
}
