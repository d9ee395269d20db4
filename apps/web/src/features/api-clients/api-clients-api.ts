import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fhirClientList, type FhirClientRegistration } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

// SMART Backend Services clients (decision 0037), under /admin/; answers sealed, writes sealed.

const PATH = '/admin/fhir-clients/';

/** Keys start with the signed-in account, so one staff member's view never shows for the next. */
function useClientsKey() {
  return ['api-clients', useSession()?.user.username ?? ''] as const;
}

export function useApiClients() {
  return useQuery({
    queryKey: useClientsKey(),
    queryFn: async () => fhirClientList.parse(await apiRequest({ method: 'GET', path: PATH })),
  });
}

export function useRegisterApiClient() {
  const client = useQueryClient();
  const key = useClientsKey();
  return useMutation({
    mutationFn: (registration: FhirClientRegistration) =>
      apiRequest({ method: 'POST', path: PATH, body: registration, encryptBody: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiClient() {
  const client = useQueryClient();
  const key = useClientsKey();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({ method: 'POST', path: `${PATH}revoke/`, body: { id }, encryptBody: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
