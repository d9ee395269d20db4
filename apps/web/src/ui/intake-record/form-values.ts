import type { AnySpec, AnyTable, FieldPath, FormRecord, FormValue } from './field-spec.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function emptyOf(spec: AnySpec): FormValue {
  switch (spec.kind) {
    case 'checkbox':
      return false;
    case 'checkboxes':
      return [];
    case 'group':
      return emptyForm(spec.table);
    case 'list':
      return Array.from({ length: spec.min ?? 0 }, () => emptyForm(spec.table));
    default:
      return '';
  }
}

export function emptyForm(table: AnyTable): FormRecord {
  return Object.fromEntries(Object.entries(table.fields).map(([name, spec]) => [name, emptyOf(spec)]));
}

function formOf(spec: AnySpec, value: unknown): FormValue {
  switch (spec.kind) {
    case 'checkbox':
      return value === true;
    case 'checkboxes':
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    case 'group':
      return formFromValue(spec.table, value);
    case 'list':
      return Array.isArray(value) && value.length > 0
        ? value.map((item) => formFromValue(spec.table, item))
        : emptyOf(spec);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

/** A saved value or a draft from the server, as form values; absent fields start empty. */
export function formFromValue(table: AnyTable, value: unknown): FormRecord {
  const record = isRecord(value) ? value : {};
  return Object.fromEntries(
    Object.entries(table.fields).map(([name, spec]) => [name, formOf(spec, record[name])]),
  );
}

function isBlank(value: FormValue): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return value.length === 0;
  return Object.values(value).every(isBlank);
}

export function isBlankValue(value: FormValue | undefined): boolean {
  return value === undefined || isBlank(value);
}

type Mode = 'whole' | 'draft';

function payloadOf(spec: AnySpec, value: FormValue, mode: Mode): unknown {
  switch (spec.kind) {
    case 'checkbox':
    case 'checkboxes':
      return value;
    case 'group':
      // An optional group left empty is absent, not a set of empty required fields.
      if (isBlank(value) && (spec.optional || mode === 'draft')) return undefined;
      return payloadFromForm(spec.table, value as FormRecord, mode);
    case 'list':
      return (value as FormRecord[]).map((item) => payloadFromForm(spec.table, item, mode));
    case 'number': {
      const text = (value as string).trim().replace(',', '.');
      return text === '' ? undefined : Number(text);
    }
    default:
      // Blank is absent: the schema then names a missing required field, and an optional
      // one the patient cleared is removed rather than saved empty.
      return (value as string).trim() === '' ? undefined : value;
  }
}

/** The JSON a POST sends: numbers parsed, blank optional parts left out (the schema judges the rest). */
export function payloadFromForm(table: AnyTable, form: FormRecord, mode: Mode): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(table.fields)) {
    const value = form[name];
    if (value === undefined) continue;
    const converted = payloadOf(spec, value, mode);
    if (converted !== undefined) payload[name] = converted;
  }
  return payload;
}

export function getAt(root: FormRecord, path: FieldPath): FormValue | undefined {
  let current: FormValue | undefined = root;
  for (const step of path) {
    if (current === undefined || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? (current as FormValue[])[Number(step)] : current[step];
  }
  return current;
}

/** The spec of the field at `path` (list indexes skipped), for labels and messages. */
export function specAt(table: AnyTable, path: FieldPath): AnySpec | undefined {
  let current: AnyTable = table;
  let spec: AnySpec | undefined;
  for (const step of path) {
    if (typeof step === 'number' || /^\d+$/.test(step)) continue;
    spec = current.fields[step];
    if (!spec) return undefined;
    if (spec.kind === 'group' || spec.kind === 'list') current = spec.table;
  }
  return spec;
}

/** The table a spec at `path` belongs to: its scope names the label. */
export function tableAt(table: AnyTable, path: FieldPath): AnyTable {
  let current = table;
  for (const step of path.slice(0, -1)) {
    if (typeof step === 'number' || /^\d+$/.test(step)) continue;
    const spec = current.fields[step];
    if (spec && (spec.kind === 'group' || spec.kind === 'list')) current = spec.table;
  }
  return current;
}

export const pathKey = (path: FieldPath) => path.join('.');
