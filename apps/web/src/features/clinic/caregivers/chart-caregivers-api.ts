import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChartCaregivers, RecordGrantRequest } from '@portal/protocol';
import { apiRequest } from '../../../api/client.ts';
import { useSession } from '../../../api/use-session.ts';

const base = (patientId: string) => `/admin/patients/${patientId}`;

function useKey(patientId: string) {
  return ['clinic-caregivers', useSession()?.user.username ?? '', patientId] as const;
}

/** The patient's grants and whether representative signing is allowed; read while shown. */
export function useChartCaregivers(patientId: string) {
  return useQuery({
    queryKey: useKey(patientId),
    queryFn: () => apiRequest<ChartCaregivers>({ method: 'GET', path: `${base(patientId)}/caregivers/` }),
    gcTime: 0,
  });
}

/** Each staff write answers with the patient's grants as they now are. */
function useChartMutation<T>(patientId: string, send: (body: T) => Promise<ChartCaregivers>) {
  const client = useQueryClient();
  const key = useKey(patientId);
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => client.setQueryData(key, answer),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
}

// Staff writes travel sealed, as every admin write (protocol.md §4).

/** The e-mail, the relationship and the authority's PDF. */
export function useRecordGrant(patientId: string) {
  return useChartMutation(patientId, (body: RecordGrantRequest) =>
    apiRequest<ChartCaregivers>({
      method: 'POST',
      path: `${base(patientId)}/caregivers/`,
      body,
      encryptBody: true,
    }),
  );
}

export function useRevokeChartGrant(patientId: string) {
  return useChartMutation(patientId, (id: string) =>
    apiRequest({
      method: 'POST',
      path: `${base(patientId)}/caregivers/revoke/`,
      body: { id },
      encryptBody: true,
    }),
  );
}

export function useRepresentativeSigning(patientId: string) {
  return useChartMutation(patientId, (allowed: boolean) =>
    apiRequest<ChartCaregivers>({
      method: 'POST',
      path: `${base(patientId)}/representative_signing/`,
      body: { allowed },
      encryptBody: true,
    }),
  );
}
