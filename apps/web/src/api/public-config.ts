import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@portal/protocol';
import { apiRequest } from './client.ts';

/** Support contacts and the clinic name change rarely; one fetch per page load is enough. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => apiRequest<PublicConfig>({ method: 'GET', path: '/public/config/', auth: false }),
    staleTime: Infinity,
  });
}
