import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSession,
  MfaDisableRequest,
  MfaEnrolment,
  MfaRecoveryCodes,
  MfaStatus,
  StaffNotifications,
} from '@portal/protocol';
import { apiRequest, refreshTokens } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

function useAccountKey(what: 'mfa' | 'sessions') {
  return ['account', what, useSession()?.user.username ?? ''] as const;
}

export function useMfaStatus() {
  return useQuery({
    queryKey: useAccountKey('mfa'),
    queryFn: () => apiRequest<MfaStatus>({ method: 'GET', path: '/account/mfa/' }),
  });
}

/** The new secret travels sealed; it is kept only in this screen's memory until confirmed. */
export function useStartMfa() {
  return useMutation({
    mutationFn: () => apiRequest<MfaEnrolment>({ method: 'POST', path: '/account/mfa/start/', body: {} }),
  });
}

/**
 * Turns MFA on; the answer holds the recovery codes. Tokens are refreshed at once, so a
 * session that could only set up MFA (protocol.md §10) becomes a full one.
 */
export function useConfirmMfa() {
  const client = useQueryClient();
  const key = useAccountKey('mfa');
  return useMutation({
    mutationFn: async (code: string) => {
      const answer = await apiRequest<MfaRecoveryCodes>({
        method: 'POST',
        path: '/account/mfa/confirm/',
        body: { code },
        encryptBody: true,
      });
      await refreshTokens();
      return answer;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
}

export function useDisableMfa() {
  const client = useQueryClient();
  const key = useAccountKey('mfa');
  return useMutation({
    mutationFn: (proof: MfaDisableRequest) =>
      apiRequest<unknown>({ method: 'POST', path: '/account/mfa/disable/', body: proof, encryptBody: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: useAccountKey('sessions'),
    queryFn: () => apiRequest<AccountSession[]>({ method: 'GET', path: '/account/sessions/' }),
  });
}

/** `id` ends that session; none ends every session but this one. */
export function useEndSessions() {
  const client = useQueryClient();
  const key = useAccountKey('sessions');
  return useMutation({
    mutationFn: (id: string | undefined) =>
      id
        ? apiRequest<unknown>({ method: 'POST', path: '/account/sessions/end/', body: { id } })
        : apiRequest<unknown>({ method: 'POST', path: '/account/sessions/end-others/', body: {} }),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/** Staff who manage documents: the e-mails they chose. */
export function useStaffNotifications(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'notifications', useSession()?.user.username ?? ''],
    queryFn: () => apiRequest<StaffNotifications>({ method: 'GET', path: '/account/notifications/' }),
    enabled,
  });
}

export function useSetStaffNotifications() {
  const client = useQueryClient();
  const key = ['account', 'notifications', useSession()?.user.username ?? ''];
  return useMutation({
    mutationFn: (body: StaffNotifications) =>
      apiRequest<StaffNotifications>({ method: 'POST', path: '/account/notifications/', body }),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
}
