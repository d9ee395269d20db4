import { z } from 'zod';
import { catalogueItemRequest, type CatalogueItem } from '@portal/protocol';

/** What the catalogue form's inputs hold: numbers and choices as the fields' text, '' for none. */
export interface CatalogueFormInput {
  id?: string;
  version?: number;
  hcpcs: string;
  category: string;
  name_gb: string;
  name_cn: string;
  prepare_gb: string;
  prepare_cn: string;
  supply: string;
  rental_months: string;
  resupply_days: string;
  maintenance_months: string;
  requires_prescription: boolean;
  requires_prior_authorisation: boolean;
  bf_adl_within_days: string;
  form_template_id: string;
  manual_template_id: string;
  active: boolean;
}

export interface NumberField {
  name: 'rental_months' | 'resupply_days' | 'maintenance_months' | 'bf_adl_within_days';
  /** Under `catalogue.fields.` in the `orders-staff` namespace. */
  label: string;
  /** Where the dialog shows it: with the supply, or among what the item needs before it ships. */
  place: 'supply' | 'prerequisites';
  /** Asked only of a rental, which must say it; every other number may be blank for none. */
  rentalOnly?: true;
}

/** The item's whole numbers, in the order the dialog shows them. */
export const NUMBER_FIELDS: readonly NumberField[] = [
  { name: 'rental_months', label: 'rentalMonths', place: 'supply', rentalOnly: true },
  { name: 'resupply_days', label: 'resupplyDays', place: 'supply' },
  { name: 'maintenance_months', label: 'maintenanceMonths', place: 'supply' },
  { name: 'bf_adl_within_days', label: 'bfAdlWithinDays', place: 'prerequisites' },
];

const CHOICES = ['form_template_id', 'manual_template_id'] as const;

/** An empty field is "none"; a purchase has no rental months, whatever the hidden field held. */
function wireValues(input: CatalogueFormInput): Record<string, unknown> {
  const values: Record<string, unknown> = { ...input };
  for (const { name } of NUMBER_FIELDS) {
    const text = input[name].trim();
    values[name] = text === '' ? null : Number(text);
  }
  for (const name of CHOICES) values[name] = input[name] === '' ? null : input[name];
  if (input.supply !== 'rental') values.rental_months = null;
  return values;
}

/** The protocol's catalogueItemRequest over the form's text: the rules are the server's own. */
export const catalogueForm = z.preprocess(
  (input) => wireValues(input as CatalogueFormInput),
  catalogueItemRequest,
) as unknown as z.ZodType<z.output<typeof catalogueItemRequest>, CatalogueFormInput>;

const text = (value: number | null) => (value === null ? '' : String(value));

/** A new item starts active, bought, with a prescription required. */
export const emptyCatalogueForm: CatalogueFormInput = {
  hcpcs: '',
  category: 'mobility',
  name_gb: '',
  name_cn: '',
  prepare_gb: '',
  prepare_cn: '',
  supply: 'purchase',
  rental_months: '',
  resupply_days: '',
  maintenance_months: '',
  requires_prescription: true,
  requires_prior_authorisation: false,
  bf_adl_within_days: '',
  form_template_id: '',
  manual_template_id: '',
  active: true,
};

/** An item as read, for its edit form: the `version` read goes back to catch someone else's change. */
export function catalogueFormOf(item: CatalogueItem): CatalogueFormInput {
  return {
    id: item.id,
    version: item.version,
    hcpcs: item.hcpcs,
    category: item.category,
    name_gb: item.name_gb,
    name_cn: item.name_cn,
    prepare_gb: item.prepare_gb,
    prepare_cn: item.prepare_cn,
    supply: item.supply,
    rental_months: text(item.rental_months),
    resupply_days: text(item.resupply_days),
    maintenance_months: text(item.maintenance_months),
    requires_prescription: item.requires_prescription,
    requires_prior_authorisation: item.requires_prior_authorisation,
    bf_adl_within_days: text(item.bf_adl_within_days),
    form_template_id: item.form_template_id ?? '',
    manual_template_id: item.manual_template_id ?? '',
    active: item.active,
  };
}
