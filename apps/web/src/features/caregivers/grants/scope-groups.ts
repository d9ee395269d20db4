import type { CaregiverScope } from '@portal/protocol';

// Types only from the protocol: the grant list and the invitation's page show scopes in words
// without loading the protocol's schemas (the form's rules, scope-rules.ts, do).

/**
 * The invite form's groups, in the order a person thinks of them: see, then fill in, sign, the
 * equipment orders, write.
 */
export const SCOPE_GROUPS = [
  { id: 'see', scopes: ['view_intake', 'view_documents', 'view_assessments'] },
  { id: 'fill', scopes: ['fill_intake', 'fill_assessments'] },
  { id: 'sign', scopes: ['sign_documents'] },
  { id: 'orders', scopes: ['view_orders', 'act_on_orders'] },
  { id: 'messages', scopes: ['write_messages'] },
] as const satisfies readonly { id: string; scopes: readonly CaregiverScope[] }[];

/** Every scope in the groups' order, the order scopes are listed and sent in. */
export const SCOPE_ORDER: readonly CaregiverScope[] = SCOPE_GROUPS.flatMap((group) => group.scopes);

/**
 * The groups a form offers: signing only where the clinic allows representative signing, and on
 * the chart only the scopes the staff member may grant (`offered`); a group left empty is dropped.
 */
export function offeredGroups(signingAllowed: boolean, offered?: readonly CaregiverScope[]) {
  return SCOPE_GROUPS.filter((group) => group.id !== 'sign' || signingAllowed)
    .map((group) => ({
      id: group.id,
      scopes: group.scopes.filter((scope: CaregiverScope) => !offered || offered.includes(scope)),
    }))
    .filter((group) => group.scopes.length > 0);
}
