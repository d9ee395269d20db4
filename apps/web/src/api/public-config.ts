import { useQuery } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH, type PublicConfig } from '@portal/protocol';
import { apiRequest } from './client.ts';

/** Support contacts and the clinic name change rarely; one fetch per page load is enough. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => apiRequest<PublicConfig>({ method: 'GET', path: '/public/config/', auth: false }),
    staleTime: Infinity,
  });
}

/** The clinic's password minimum (settings), never below the protocol's; the server checks it again. */
export function usePasswordMinimum(): number {
  const { data } = usePublicConfig();
  return Math.max(data?.password_min_length ?? PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH);
}
