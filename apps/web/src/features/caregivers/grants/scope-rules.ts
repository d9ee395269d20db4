import { SCOPE_NEEDS, type CaregiverScope } from '@portal/protocol';
import { SCOPE_ORDER } from './scope-groups.ts';

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
  return SCOPE_ORDER.filter((s) => next.has(s));
}
