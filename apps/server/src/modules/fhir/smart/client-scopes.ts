import { Codes, ProtocolError } from '@portal/protocol';
import { SERVED_TYPES } from '../resource-types.ts';
import { GRANTABLE_INTERACTIONS, parseSystemScope, type FhirInteraction } from './scopes.ts';

const ANY_TYPE = '*';
const TYPES = SERVED_TYPES.map((served) => served.type);

/** What a client may be registered for and granted: read and search, of every type or of one. */
export const SUPPORTED_SCOPES: readonly string[] = [ANY_TYPE, ...TYPES].map((type) => `system/${type}.rs`);

const servedTypes: ReadonlySet<string> = new Set([ANY_TYPE, ...TYPES]);

/**
 * A registration's scopes, checked and without repeats: each a system scope of read and search
 * on `*` or a type the API serves. 10400 on `scopes` otherwise.
 */
export function registrableScopes(scopes: readonly string[]): string[] {
  for (const scope of scopes) {
    const parsed = parseSystemScope(scope);
    const readOnly = parsed && [...parsed.interactions].every((i) => GRANTABLE_INTERACTIONS.includes(i));
    if (!parsed || !readOnly || !servedTypes.has(parsed.type)) {
      const message = `${scope} is not a scope the API grants (read and search: ${SUPPORTED_SCOPES[0]} or system/<Type>.rs)`;
      throw new ProtocolError(Codes.validation, message, [{ path: 'scopes', message }]);
    }
  }
  return [...new Set(scopes)];
}

/** `r` and `s` in the v2 order, as a scope's suffix. */
const suffixOf = (letters: ReadonlySet<FhirInteraction>) =>
  GRANTABLE_INTERACTIONS.filter((i) => letters.has(i)).join('');

/**
 * What a token may carry: each asked scope narrowed to what the registration allows (SMART's
 * intersection). `system/*.rs` registered covers `system/Patient.rs` asked; `system/*.rs` asked
 * with only `system/Patient.rs` registered grants `system/Patient.rs`. Write letters are never
 * granted; asked scopes that are not system scopes grant nothing.
 */
export function grantedScopes(asked: readonly string[], registered: readonly string[]): string[] {
  const byType = new Map<string, Set<FhirInteraction>>();
  const allowed = registered.flatMap((scope) => parseSystemScope(scope) ?? []);
  for (const want of asked.flatMap((scope) => parseSystemScope(scope) ?? [])) {
    for (const have of allowed) {
      if (want.type !== ANY_TYPE && have.type !== ANY_TYPE && want.type !== have.type) continue;
      const type = want.type === ANY_TYPE ? have.type : want.type;
      const letters = byType.get(type) ?? new Set<FhirInteraction>();
      for (const i of GRANTABLE_INTERACTIONS)
        if (want.interactions.has(i) && have.interactions.has(i)) letters.add(i);
      if (letters.size > 0) byType.set(type, letters);
    }
  }
  const everyType = byType.get(ANY_TYPE);
  return [...byType]
    .filter(
      ([type, letters]) => type === ANY_TYPE || !everyType || [...letters].some((i) => !everyType.has(i)),
    )
    .map(([type, letters]) => `system/${type}.${suffixOf(letters)}`);
}
