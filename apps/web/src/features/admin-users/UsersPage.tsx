import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserSort } from '@portal/protocol';
import { holdsPermission } from '../../api/staff-pages.ts';
import { useSession } from '../../api/use-session.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { AccessDialog } from './AccessDialog.tsx';
import { AccountActionDialog } from './AccountActionDialog.tsx';
import { adminErrorKey } from './admin-error.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { useAccountAction } from './use-account-action.ts';
import { apiQueryOf, listStateFrom, paramsFrom, type UserListState } from './user-list-params.ts';
import { UsersTable } from './UsersTable.tsx';
import { UsersToolbar } from './UsersToolbar.tsx';
import { useUserPage } from './use-users.ts';
import '../../ui/admin-tables.css';
import './admin-users.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** Dates read best newest first; names and addresses alphabetically. */
const FIRST_ORDER: Record<UserSort, 'asc' | 'desc'> = {
  name: 'asc',
  email: 'asc',
  created: 'desc',
  last_login: 'desc',
};

/** spec §2 `/users`: every account, searched, filtered and sorted by the server. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const selfEmail = session?.user.username ?? '';
  const managesUsers = holdsPermission(session, 'manage_users');
  const [params, setParams] = useSearchParams();
  const state = listStateFrom(params);
  const users = useUserPage(apiQueryOf(state));
  const flow = useAccountAction();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);

  // The page's view (`view=all` beside the worklist) stays in the address through every change.
  const view = params.get('view');
  const show = (next: UserListState) => setParams({ ...paramsFrom(next), ...(view ? { view } : {}) });
  // Any change but a page turn starts again at page 1.
  const update = (change: Partial<UserListState>) => show({ ...state, page: 1, ...change });
  const sortBy = (column: UserSort) =>
    update({
      sort: column,
      order: column === state.sort ? (state.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column],
    });
  const loadError = users.isError ? adminErrorKey(users.error) : null;

  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <PageHeading>{t('users.title')}</PageHeading>
        {managesUsers && (
          <button type="button" className="button button--primary" onClick={() => setInviting(true)}>
            {t('users.invite.open')}
          </button>
        )}
      </div>
      <UsersToolbar state={state} onChange={update} />
      <FormAlert message={loadError && t(loadError)} />
      <div className="admin-page__table" aria-busy={users.isFetching}>
        <UsersTable
          page={users.data}
          state={state}
          selfEmail={selfEmail}
          onSort={sortBy}
          manage={managesUsers ? { onAction: flow.ask, onAccess: setEditing } : undefined}
        />
      </div>
      {users.data && (
        <Pagination
          page={state.page}
          pageSize={state.page_size}
          total={users.data.total}
          label={t('users.table.caption')}
          onPage={(page) => show({ ...state, page })}
          onPageSize={(page_size) => update({ page_size })}
        />
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {editing && (
        <AccessDialog user={editing} isSelf={editing.email === selfEmail} onClose={() => setEditing(null)} />
      )}
      <AccountActionDialog flow={flow} />
    </section>
  );
}
