import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserAction } from '@portal/protocol';
import { MenuButton, type MenuEntry } from '../../ui/MenuButton.tsx';
import { actionsFor } from './row-actions.ts';

interface UserRowActionsProps {
  user: AdminUser;
  isSelf: boolean;
  onAction: (user: AdminUser, action: UserAction) => void;
  onAccess: (user: AdminUser) => void;
}

/** One row's menu: open the account, change its access, and the actions its status allows. */
export function UserRowActions({ user, isSelf, onAction, onAccess }: UserRowActionsProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const name = `${user.first_name} ${user.last_name}`;
  const entries: MenuEntry[] = [
    { kind: 'action', id: 'open', label: t('users.row.open'), onSelect: () => navigate(`/users/${user.id}`) },
    { kind: 'action', id: 'access', label: t('users.row.access'), onSelect: () => onAccess(user) },
    { kind: 'separator', id: 'sep' },
    ...actionsFor(user, isSelf).map((a): MenuEntry => ({
      kind: 'action',
      id: a.action,
      label: t(`users.actions.${a.action}.label`),
      onSelect: () => onAction(user, a.action),
    })),
  ];
  return (
    <MenuButton entries={entries} className="row-actions">
      {t('users.row.actions')}
      <span className="visually-hidden">{t('users.row.actionsFor', { name })}</span>
    </MenuButton>
  );
}
