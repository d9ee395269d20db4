/**
 * SMART App Launch 2 scopes for backend services: `system/<Type>.<cruds>`, `system/*.<cruds>`.
 * The portal's API only reads, so only `r` (read) and `s` (search) are ever granted; the
 * SMART v1 forms `.read` (= `rs`) and `.*` are understood for older clients.
 */
export type FhirInteraction = 'c' | 'r' | 'u' | 'd' | 's';

/** What the portal can grant: its API reads and searches, nothing else. */
export const GRANTABLE_INTERACTIONS: readonly FhirInteraction[] = ['r', 's'];

export interface SystemScope {
  /** A resource type, or `*` for every type. */
  type: string;
  interactions: ReadonlySet<FhirInteraction>;
}

const V1_SUFFIX: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' };
const ORDER = 'cruds';

/** `system/Patient.rs` → { type: 'Patient', interactions: r, s }; null when it is not a system scope. */
export function parseSystemScope(scope: string): SystemScope | null {
  const match = /^system\/([A-Za-z]+|\*)\.([a-z*]+)$/.exec(scope);
  if (!match) return null;
  const [, type, rawSuffix] = match as unknown as [string, string, string];
  const suffix = V1_SUFFIX[rawSuffix] ?? rawSuffix;
  // v2 letters come in the order c, r, u, d, s, each at most once.
  let last = -1;
  for (const letter of suffix) {
    const at = ORDER.indexOf(letter);
    if (at <= last) return null;
    last = at;
  }
  return { type, interactions: new Set(suffix as unknown as Iterable<FhirInteraction>) };
}

/** Whether `scopes` allow `interaction` on `resourceType`. */
export function permits(
  scopes: readonly string[],
  resourceType: string,
  interaction: FhirInteraction,
): boolean {
  return scopes.some((scope) => {
    const parsed = parseSystemScope(scope);
    return (
      parsed !== null &&
      (parsed.type === '*' || parsed.type === resourceType) &&
      parsed.interactions.has(interaction)
    );
  });
}
