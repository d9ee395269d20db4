import type { TFunction } from 'i18next';
import type { FieldChange, IntakeResourceName } from '@portal/protocol';
import type { AnySpec, AnyTable } from '../../../ui/intake-record/field-spec.ts';
import { COVERAGE_TABLE, SECTION_TABLES } from '../../../ui/intake-record/section-tables.ts';

export interface ChangedField {
  /** The field's name in the patient form's words, e.g. "Allergy 2 › Severity". */
  label: string;
  /** The spec that formats its values, or null for a card image or the no-insurance choice. */
  spec: AnySpec | null;
  /** A card side, when the change is a card image. */
  card: 'front' | 'back' | null;
}

const SEPARATOR = ' › ';

/** Walks a field path through the section's own field table, naming each step as the form does. */
function walk(
  table: AnyTable,
  path: readonly (string | number)[],
  t: TFunction,
  names: string[],
): AnySpec | null {
  let current: AnyTable = table;
  let spec: AnySpec | null = null;
  for (const step of path) {
    if (typeof step === 'number') {
      if (spec?.kind !== 'list') return null;
      names.push(t(`intake:items.${spec.table.scope}`, { n: step + 1 }));
      current = spec.table;
      continue;
    }
    spec = current.fields[step] ?? null;
    if (!spec) return null;
    names.push(t(`intake:fields.${current.scope}.${step}`));
    if (spec.kind === 'group') current = spec.table;
  }
  return spec;
}

/** A changed field as the reviewer reads it: labels from the patient form, values formatted by its spec. */
export function changedField(change: FieldChange, t: TFunction): ChangedField {
  const names: string[] = [];
  if (change.section !== 'insurance') {
    const spec = walk(SECTION_TABLES[change.section as IntakeResourceName], change.path, t, names);
    return { label: names.join(SEPARATOR), spec, card: null };
  }
  const [first, type, field, side] = change.path;
  if (first !== 'coverages' || typeof type !== 'string') {
    return { label: t('review.changes.noInsurance'), spec: null, card: null };
  }
  names.push(t(`intake:options.insuranceType.${type}`));
  if (field === 'cards' && (side === 'front' || side === 'back')) {
    names.push(t(`intake:cards.${side}`));
    return { label: names.join(SEPARATOR), spec: null, card: side };
  }
  const spec = walk(COVERAGE_TABLE, change.path.slice(2), t, names);
  return { label: names.join(SEPARATOR), spec, card: null };
}
