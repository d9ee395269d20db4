import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserAction } from '@portal/protocol';
import { MenuButton, type MenuEntry } from '../../ui/MenuButton.tsx';
import { actionsFor } from './row-actions.ts';
import { formatPersonName } from '../../i18n/person-name.ts';

interface UserRowActionsProps {
  user: AdminUser;
  isSelf: boolean;
  /** Absent without `manage_users`: the menu then only opens the account. */
  manage?: {
    onAction: (user: AdminUser, action: UserAction) => void;
    onAccess: (user: AdminUser) => void;
  };
}

/** One row's menu: open the account, change its access, and the actions its status allows. */
export function UserRowActions({ user, isSelf, manage }: UserRowActionsProps) {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const name = formatPersonName(user, i18n.language);
  const open: MenuEntry = {
    kind: 'action',
    id: 'open',
    label: t('users.row.open'),
    onSelect: () => navigate(`/users/${user.id}`),
  };
  const entries: MenuEntry[] = manage
    ? [
        open,
        {
          kind: 'action',
          id: 'access',
          // One's own access opens read-only: another administrator changes it.
          label: t(isSelf ? 'users.row.ownAccess' : 'users.row.access'),
          onSelect: () => manage.onAccess(user),
        },
        { kind: 'separator', id: 'sep' },
        ...actionsFor(user, isSelf).map((a): MenuEntry => ({
          kind: 'action',
          id: a.action,
          label: t(`users.actions.${a.action}.label`),
          onSelect: () => manage.onAction(user, a.action),
        })),
      ]
    : [open];
  return (
    <MenuButton entries={entries} className="row-actions">
      {t('users.row.actions')}
      <span className="visually-hidden">{t('users.row.actionsFor', { name })}</span>
    </MenuButton>
  );
}
