import { useTranslation } from 'react-i18next';
import { AccountKind, Role, UserStatus, type SortOrder, type UserSort } from '@portal/protocol';
import { SearchForm } from '../../ui/SearchForm.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import type { UserListState } from './user-list-params.ts';

/** Phones show rows as cards without column headers: the order is chosen here instead. */
const SORT_CHOICES: readonly [UserSort, SortOrder][] = [
  ['created', 'desc'],
  ['created', 'asc'],
  ['name', 'asc'],
  ['email', 'asc'],
  ['last_login', 'desc'],
];

interface UsersToolbarProps {
  state: UserListState;
  onChange: (change: Partial<UserListState>) => void;
}

/** Search (submitted, so every keystroke is not a query) and filters (applied when chosen). */
export function UsersToolbar({ state, onChange }: UsersToolbarProps) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-toolbar">
      <SearchForm
        label={t('users.search.label')}
        submitLabel={t('users.search.submit')}
        hint={t('users.search.hint')}
        initial={state.q ?? ''}
        onSearch={(q) => onChange({ q })}
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('users.filters.role')}
        value={state.role ?? ''}
        options={[
          { value: '', label: t('users.filters.any') },
          ...Role.options.map((role) => ({ value: role, label: t(`users.roles.${role}`) })),
        ]}
        onChange={(value) => onChange({ role: Role.safeParse(value).data })}
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('users.filters.kind')}
        value={state.kind ?? ''}
        options={[
          { value: '', label: t('users.filters.kinds.all') },
          ...AccountKind.options.map((kind) => ({ value: kind, label: t(`users.filters.kinds.${kind}`) })),
        ]}
        onChange={(value) => onChange({ kind: AccountKind.safeParse(value).data })}
      />
      <SelectField
        className="admin-toolbar__filter"
        label={t('users.filters.status')}
        value={state.status ?? ''}
        options={[
          { value: '', label: t('users.filters.any') },
          ...UserStatus.options.map((status) => ({ value: status, label: t(`users.status.${status}`) })),
        ]}
        onChange={(value) => onChange({ status: UserStatus.safeParse(value).data })}
      />
      <SelectField
        className="admin-toolbar__filter admin-toolbar__sort"
        label={t('users.sort.label')}
        value={`${state.sort}:${state.order}`}
        options={SORT_CHOICES.map(([sort, order]) => ({
          value: `${sort}:${order}`,
          label: t(`users.sort.${sort}_${order}`),
        }))}
        onChange={(value) => {
          const [sort, order] = value.split(':') as [UserSort, SortOrder];
          onChange({ sort, order });
        }}
      />
    </div>
  );
}
