import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@portal/protocol';

/** The status in words (never colour alone); a lock says who or what locked the account. */
export function StatusBadge({ user }: { user: Pick<AdminUser, 'status' | 'lock'> }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <span className={`status-badge status-badge--${user.status}`}>{t(`users.status.${user.status}`)}</span>
      {user.lock && <span className="status-note"> {t(`users.lock.${user.lock}`)}</span>}
    </>
  );
}
