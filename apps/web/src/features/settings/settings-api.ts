import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsUpdate, SettingsView, SigningCertificateUpload } from '@portal/protocol';
import { apiRequest } from '../../api/client.ts';
import { useSession } from '../../api/use-session.ts';

function useSettingsKey() {
  return ['admin-settings', useSession()?.user.username ?? ''] as const;
}

export function useSettings() {
  return useQuery({
    queryKey: useSettingsKey(),
    queryFn: () => apiRequest<SettingsView>({ method: 'GET', path: '/admin/settings/' }),
  });
}

/** Sealed: the body may carry the Zendesk secret. The support menu's config is refetched at once. */
export function useSaveSettings() {
  const client = useQueryClient();
  const key = useSettingsKey();
  return useMutation({
    mutationFn: (body: SettingsUpdate) =>
      apiRequest<SettingsView>({ method: 'POST', path: '/admin/settings/', body, encryptBody: true }),
    onSuccess: (view) => {
      client.setQueryData(key, view);
      void client.invalidateQueries({ queryKey: ['public-config'] });
    },
  });
}

/** Sealed: the body carries the private key or its file and passphrase. Answers the settings. */
export function useUploadSigningCertificate() {
  const client = useQueryClient();
  const key = useSettingsKey();
  return useMutation({
    mutationFn: (body: SigningCertificateUpload) =>
      apiRequest<SettingsView>({
        method: 'POST',
        path: '/admin/settings/signing_certificate/',
        body,
        encryptBody: true,
      }),
    onSuccess: (view) => client.setQueryData(key, view),
  });
}
