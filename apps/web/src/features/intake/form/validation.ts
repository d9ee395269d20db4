import { ApiError } from '../../../api/api-error.ts';
import type {
  AnySpec,
  AnyTable,
  FieldPath,
  FormRecord,
  FormValue,
} from '../../../ui/intake-record/field-spec.ts';
import {
  getAt,
  isBlankValue,
  pathKey,
  payloadFromForm,
  specAt,
} from '../../../ui/intake-record/form-values.ts';

/** A message as an i18n key (in the `intake` namespace) with its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}
/** Messages by field path ('contacts.0.phone'). */
export type FieldErrors = Record<string, FieldMessage>;

/** The parts of a zod issue the messages depend on (zod's own issue types fit this shape). */
interface Issue {
  readonly code: string;
  readonly path: PropertyKey[];
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
}
type ParseResult = { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };
/** The protocol's zod schemas, the ones the server applies, seen through what the form needs. */
export interface Schema {
  safeParse(value: unknown): ParseResult;
}

const CHOICE_KINDS = new Set<AnySpec['kind']>(['select', 'radios', 'country', 'language']);
const SINGLE_VALUE_KINDS = new Set<AnySpec['kind']>([
  'text',
  'textarea',
  'email',
  'tel',
  'date',
  'partialDate',
  'number',
  ...CHOICE_KINDS,
]);

/**
 * Zod reports codes, not our words: the message follows from the code and the kind of field.
 * An empty field is "required" whatever check failed, which is what the patient needs to know.
 */
function messageFor(issue: Issue, spec: AnySpec | undefined, value: FormValue | undefined): FieldMessage {
  if (spec && SINGLE_VALUE_KINDS.has(spec.kind) && isBlankValue(value)) {
    return { key: CHOICE_KINDS.has(spec.kind) ? 'errors.choose' : 'errors.required' };
  }
  const limit = Number(issue.maximum ?? issue.minimum ?? 0);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'array') return { key: 'errors.listMax', values: { max: limit } };
      if (issue.origin === 'string') return { key: 'errors.tooLong', values: { max: limit } };
      return { key: 'errors.numberMax', values: { max: limit } };
    case 'too_small':
      if (issue.origin === 'array') return { key: 'errors.listMin', values: { min: limit } };
      if (issue.origin === 'string') return { key: 'errors.required' };
      return { key: 'errors.numberMin', values: { min: limit } };
    case 'invalid_type':
      return { key: spec?.kind === 'number' ? 'errors.number' : 'errors.invalid' };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'errors.email' };
      if (issue.format === 'date') return { key: 'errors.date' };
      if (spec?.kind === 'tel') return { key: 'errors.phone' };
      if (spec?.kind === 'partialDate') return { key: 'errors.partialDate' };
      return { key: spec && CHOICE_KINDS.has(spec.kind) ? 'errors.choose' : 'errors.invalid' };
    case 'invalid_value':
      return { key: 'errors.choose' };
    case 'custom':
      return { key: spec?.customError ?? 'errors.invalid' };
    default:
      return { key: 'errors.invalid' };
  }
}

const asPath = (path: PropertyKey[]): FieldPath =>
  path.map((step) => (typeof step === 'number' ? step : String(step)));

function errorsOf(issues: readonly Issue[], table: AnyTable, form: FormRecord): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = asPath(issue.path);
    const key = pathKey(path);
    errors[key] ??= messageFor(issue, specAt(table, path), getAt(form, path));
  }
  return errors;
}

/**
 * Checks the whole section with the protocol's schema; on success, the body to POST: what the
 * schema made of it, so a phone number read in the patient's country goes as E.164, which the
 * server (not knowing that country while it saves another section) reads back as itself.
 */
export function validateWhole(
  schema: Schema,
  table: AnyTable,
  form: FormRecord,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(payloadFromForm(table, form, 'whole'));
  return result.success
    ? { ok: true, value: result.data as Record<string, unknown> }
    : { ok: false, errors: errorsOf(result.error.issues, table, form) };
}

function removeAt(root: unknown, path: FieldPath): void {
  let parent: unknown = root;
  for (const step of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return;
    parent = (parent as Record<string | number, unknown>)[step];
  }
  const last = path.at(-1);
  if (typeof parent !== 'object' || parent === null || last === undefined) return;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<string, unknown>)[String(last)];
}

/**
 * What a draft can keep: the server checks every field present in a draft, so a half-typed
 * phone number would refuse the whole draft. Fields that do not pass yet are left out (the
 * form still shows them until the page is left).
 */
export function draftPayload(
  draftSchema: Schema,
  table: AnyTable,
  form: FormRecord,
): Record<string, unknown> {
  const value = payloadFromForm(table, form, 'draft');
  for (let round = 0; round < 5; round++) {
    const result = draftSchema.safeParse(value);
    if (result.success) return value;
    // Deepest and last first, so removing one array item does not shift the others' paths.
    const paths = result.error.issues
      .map((issue) => asPath(issue.path))
      .sort((a, b) => pathKey(b).localeCompare(pathKey(a), undefined, { numeric: true }));
    for (const path of paths) removeAt(value, path);
  }
  return {};
}

/**
 * A 10400 names fields as `value.<path>` (protocol.md §10). The same schema runs here, so
 * its message is ours; a path the client did not flag still gets marked.
 */
export function serverFieldErrors(
  error: unknown,
  schema: Schema,
  table: AnyTable,
  form: FormRecord,
): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.body.errors?.length) return null;
  const local = schema.safeParse(payloadFromForm(table, form, 'whole'));
  const known = local.success ? {} : errorsOf(local.error.issues, table, form);
  const errors: FieldErrors = {};
  for (const { path } of error.body.errors) {
    const key = path.replace(/^value\./, '');
    if (specAt(table, key.split('.'))) errors[key] = known[key] ?? { key: 'errors.invalid' };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
