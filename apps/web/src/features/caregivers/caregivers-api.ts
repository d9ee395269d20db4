import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaregiverActivity,
  CaregiversOverview,
  InvitationPreview,
  InvitationResponse,
  InviteCaregiverRequest,
} from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// The overview (grants given and held) is the api layer's, since the navbar's switcher reads it
// too: `useCaregiversOverview` in api/caregiver-grants.ts, under the key below.
function useCaregiversKey() {
  return ['caregivers', useSession()?.user.username ?? ''] as const;
}

function useInvalidateCaregivers() {
  const client = useQueryClient();
  const key = useCaregiversKey();
  return () => client.invalidateQueries({ queryKey: key });
}

/** The invitation travels sealed: the e-mail and the relationship say who helps the patient. */
export function useInviteCaregiver() {
  const invalidate = useInvalidateCaregivers();
  return useMutation({
    mutationFn: (body: InviteCaregiverRequest) =>
      apiRequest<unknown>({ method: 'POST', path: '/account/caregivers/invite/', body, encryptBody: true }),
    onSuccess: () => void invalidate(),
  });
}

export function useRevokeGrant() {
  const invalidate = useInvalidateCaregivers();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>({
        method: 'POST',
        path: '/account/caregivers/revoke/',
        body: { id },
        encryptBody: true,
      }),
    onSettled: () => void invalidate(),
  });
}

export function useCaregiverActivity() {
  return useQuery({
    queryKey: [...useCaregiversKey(), 'activity'],
    queryFn: () => apiRequest<CaregiverActivity>({ method: 'GET', path: '/account/caregivers/activity/' }),
  });
}

// Every write here travels sealed: it names people, or carries the invitation's token.

/** What the link offers, for the signed-in invitee; read once, as the page opens. */
export function useInvitation(token: string, enabled: boolean) {
  return useQuery({
    // Apart from the grants' key: answering the invitation uses the token up, and must not
    // have this read it again.
    queryKey: ['caregiver-invitation', useSession()?.user.username ?? '', token],
    queryFn: () =>
      apiRequest<InvitationPreview>({
        method: 'POST',
        path: '/account/caregivers/invitation/',
        body: { token },
        encryptBody: true,
      }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Answers with the invitee's grants, the accepted one among them. */
export function useRespondToInvitation() {
  const invalidate = useInvalidateCaregivers();
  return useMutation({
    mutationFn: (body: InvitationResponse) =>
      apiRequest<CaregiversOverview>({
        method: 'POST',
        path: '/account/caregivers/respond/',
        body,
        encryptBody: true,
      }),
    onSuccess: () => invalidate(),
  });
}
