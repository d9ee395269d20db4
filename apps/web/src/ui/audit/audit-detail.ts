/** One readable line of an audit row's detail: `Roles: Patient → Administrator`. */
export interface DetailLine {
  field: string;
  value: string;
}

export interface DetailWords {
  /** A field's name in the reader's language, e.g. `auths` → Permissions. */
  field(key: string): string;
  /** One stored value in words (a role, a permission, yes/no); `key` is the field it belongs to. */
  value(key: string, value: string | number | boolean | null): string;
  /** Between the items of a list (`, ` or `、`), and between the fields of a nested value. */
  separators: { list: string; fields: string };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function words(key: string, value: Json, say: DetailWords): string {
  if (Array.isArray(value)) {
    return value.length === 0
      ? say.value(key, null)
      : value.map((item) => words(key, item, say)).join(say.separators.list);
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([inner, item]) => `${say.field(inner)} ${words(inner, item, say)}`)
      .join(say.separators.fields);
  }
  return say.value(key, value);
}

/**
 * An audit row's stored detail as label: value lines. A change recorded as `before` and
 * `after` reads as one line per field that changed, old → new; anything else, one line per
 * field, nested fields named by their path.
 */
export function auditDetailLines(detail: Record<string, unknown> | null, say: DetailWords): DetailLine[] {
  if (!detail) return [];
  const { before, after, ...rest } = detail as Record<string, Json>;
  const lines: DetailLine[] = [];
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const was = before[key] ?? null;
      const is = after[key] ?? null;
      if (JSON.stringify(was) === JSON.stringify(is)) continue;
      lines.push({ field: say.field(key), value: `${words(key, was, say)} → ${words(key, is, say)}` });
    }
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  const walk = (entries: Record<string, Json>, path: string[]) => {
    for (const [key, value] of Object.entries(entries)) {
      if (isRecord(value)) walk(value, [...path, key]);
      else
        lines.push({
          field: [...path, key].map((k) => say.field(k)).join(' › '),
          value: words(key, value, say),
        });
    }
  };
  walk(rest, []);
  return lines;
}
