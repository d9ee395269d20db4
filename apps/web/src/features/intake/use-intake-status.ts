import { useQuery } from '@tanstack/react-query';
import { intakeStatus, type IntakeStatus } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// The intake's status apart from its forms: the welcome card shows it on the patient's first
// screen and loads only the status schema, not every intake form's (use-intake-queries.ts).

/** Every intake key starts with the signed-in account (see use-intake-queries.ts). */
export function useIntakeScope(): readonly ['intake', string] {
  return ['intake', useSession()?.user.username ?? ''];
}

export const intakeStatusKey = (scope: readonly unknown[]) => [...scope, 'status'] as const;

export async function fetchIntakeStatus(): Promise<IntakeStatus> {
  return intakeStatus.parse(await apiRequest({ method: 'GET', path: '/patient/intake/' }));
}

/** Sections done, drafts and whether the intake was submitted (GET /patient/intake/). */
export function useIntakeStatus() {
  const scope = useIntakeScope();
  return useQuery({ queryKey: intakeStatusKey(scope), queryFn: fetchIntakeStatus, gcTime: 0 });
}
