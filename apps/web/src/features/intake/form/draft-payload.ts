import type { z } from 'zod';
import type { AnyTable, FieldPath, FormRecord } from '../../../ui/intake-record/field-spec.ts';
import { pathKey, payloadFromForm } from '../../../ui/intake-record/form-values.ts';

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

const asPath = (path: PropertyKey[]): FieldPath =>
  path.map((step) => (typeof step === 'number' ? step : String(step)));

/**
 * What a draft can keep: the server checks every field present in a draft, so a half-typed
 * phone number would refuse the whole draft. Fields that do not pass yet are left out (the
 * form still shows them until the page is left).
 */
export function draftPayload(
  draftSchema: z.ZodType,
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
