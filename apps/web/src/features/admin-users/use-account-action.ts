import { useState } from 'react';
import type { AdminUser, UserAction } from '@portal/protocol';
import { showNotice } from '../../api/notice-store.ts';
import { adminErrorKey } from './admin-error.ts';
import { useUserAction } from './use-users.ts';

/** Notices in the spec §8 style ("Title - Message"), texts in this feature's namespace. */
export const adminNotice = (name: string) => ({
  key: `admin:notices.${name}`,
  tone: 'success' as const,
  durationMs: 6_000,
});

/**
 * The confirm-then-act flow of one account action: which action waits for confirmation,
 * the call, its notice, and the refusal's message for the dialog.
 */
export function useAccountAction() {
  const mutation = useUserAction();
  const [pending, setPending] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    pending,
    error,
    busy: mutation.isPending,
    ask: (user: AdminUser, action: UserAction) => {
      setError(null);
      setPending({ user, action });
    },
    cancel: () => setPending(null),
    confirm: () => {
      if (!pending) return;
      mutation.mutate(
        { id: pending.user.id, action: pending.action },
        {
          onSuccess: () => {
            showNotice(adminNotice(pending.action));
            setPending(null);
          },
          onError: (e) => setError(adminErrorKey(e)),
        },
      );
    },
  };
}
