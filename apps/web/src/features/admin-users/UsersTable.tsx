import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserAction, UserPage, UserSort } from '@portal/protocol';
import { DateTime } from '../../ui/DateTime.tsx';
import { EmailAddress } from '../../ui/EmailAddress.tsx';
import { roleLabelKeys } from './account-kind.ts';
import { SortHeader } from './SortHeader.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import type { UserListState } from './user-list-params.ts';
import { UserRowActions } from './UserRowActions.tsx';
import { formatPersonName } from '../../i18n/person-name.ts';

interface UsersTableProps {
  page: UserPage | undefined;
  state: UserListState;
  selfEmail: string;
  onSort: (column: UserSort) => void;
  /** Absent without `manage_users`: the rows then only open the detail page. */
  manage?: {
    onAction: (user: AdminUser, action: UserAction) => void;
    onAccess: (user: AdminUser) => void;
  };
}

const SORTABLE: readonly { column: UserSort; label: string }[] = [
  { column: 'name', label: 'users.columns.name' },
  { column: 'email', label: 'users.columns.email' },
];
const DATES: readonly { column: UserSort; label: string }[] = [
  { column: 'created', label: 'users.columns.created' },
  { column: 'last_login', label: 'users.columns.lastLogin' },
];

/** The users as a data table: a caption, sortable headers, one row header per person. */
export function UsersTable({ page, state, selfEmail, onSort, manage }: UsersTableProps) {
  const { t, i18n } = useTranslation('admin');
  const date = (iso: string | null) => (iso ? <DateTime value={iso} /> : t('users.never'));
  // A `user` account reads as what it is to the clinic: patient, caregiver or both (decision 0032).
  const rolesLabel = (user: AdminUser) =>
    roleLabelKeys(user)
      .map((key) => t(key))
      .join(', ');
  const sortNote = t('users.table.sortedBy', {
    column: t(`users.columns.${state.sort === 'last_login' ? 'lastLogin' : state.sort}`),
    order: t(`users.table.${state.order}`),
  });
  const header = (column: UserSort, label: string) => (
    <SortHeader
      key={column}
      column={column}
      label={t(label)}
      sort={state.sort}
      order={state.order}
      onSort={onSort}
    />
  );
  return (
    <table className="data-table users-table">
      {/* The page heading already says it; the caption names the table for screen readers. */}
      <caption className="visually-hidden">
        {t('users.table.caption')}
        <span className="visually-hidden">{sortNote}</span>
      </caption>
      <thead>
        <tr>
          {SORTABLE.map((c) => header(c.column, c.label))}
          <th scope="col">{t('users.columns.roles')}</th>
          <th scope="col">{t('users.columns.status')}</th>
          {DATES.map((c) => header(c.column, c.label))}
          <th scope="col">
            <span className="visually-hidden">{t('users.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {page?.items.length === 0 && (
          <tr>
            <td colSpan={7} className="data-table__empty">
              {t('users.table.empty')}
            </td>
          </tr>
        )}
        {page?.items.map((user) => (
          <tr key={user.id}>
            <th scope="row" data-label={t('users.columns.name')}>
              <Link to={`/users/${user.id}`}>{formatPersonName(user, i18n.language)}</Link>
            </th>
            <td data-label={t('users.columns.email')} className="data-table__email">
              <EmailAddress value={user.email} />
            </td>
            <td data-label={t('users.columns.roles')} className="nowrap">
              {rolesLabel(user)}
            </td>
            <td data-label={t('users.columns.status')} className="nowrap">
              <StatusBadge user={user} />
            </td>
            <td data-label={t('users.columns.created')} className="nowrap">
              {date(user.created_at)}
            </td>
            <td data-label={t('users.columns.lastLogin')} className="nowrap">
              {date(user.last_login_at)}
            </td>
            <td className="data-table__actions">
              <UserRowActions user={user} isSelf={user.email === selfEmail} manage={manage} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
