import { SCOPE_NEEDS, type CaregiverScope } from '@portal/protocol';

/** The invite form's groups, in the order a person thinks of them: see, then fill in, sign, write. */
export const SCOPE_GROUPS = [
  { id: 'see', scopes: ['view_intake', 'view_documents', 'view_assessments'] },
  { id: 'fill', scopes: ['fill_intake', 'fill_assessments'] },
  { id: 'sign', scopes: ['sign_documents'] },
  { id: 'messages', scopes: ['write_messages'] },
] as const satisfies readonly { id: string; scopes: readonly CaregiverScope[] }[];

const ORDER: readonly CaregiverScope[] = SCOPE_GROUPS.flatMap((group) => group.scopes);

export type ScopeGroupId = (typeof SCOPE_GROUPS)[number]['id'];

/**
 * The protocol's rule that filling in or signing needs the matching see (`SCOPE_NEEDS`), kept
 * as the person ticks: ticking a scope ticks what it needs, unticking one unticks what needs it.
 */
export function toggleScope(
  chosen: readonly CaregiverScope[],
  scope: CaregiverScope,
  on: boolean,
): CaregiverScope[] {
  const next = new Set(chosen);
  if (on) {
    next.add(scope);
    const needed = SCOPE_NEEDS[scope];
    if (needed) next.add(needed);
  } else {
    next.delete(scope);
    for (const [dependent, needed] of Object.entries(SCOPE_NEEDS)) {
      if (needed === scope) next.delete(dependent as CaregiverScope);
    }
  }
  return ORDER.filter((s) => next.has(s));
}

/** The groups a form offers: signing only where the clinic allows representative signing. */
export function offeredGroups(signingAllowed: boolean) {
  return SCOPE_GROUPS.filter((group) => group.id !== 'sign' || signingAllowed);
}
