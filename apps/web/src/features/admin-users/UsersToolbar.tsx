import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Role, UserStatus, type SortOrder, type UserSort } from '@portal/protocol';
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
  const [text, setText] = useState(state.q ?? '');
  const searchId = useId();
  const roleId = useId();
  const statusId = useId();
  const sortId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() || undefined });
  };
  return (
    <div className="admin-toolbar">
      <form role="search" className="admin-toolbar__search" onSubmit={search}>
        <label htmlFor={searchId} className="field__label">
          {t('users.search.label')}
        </label>
        <div className="admin-toolbar__search-row">
          <input
            id={searchId}
            type="search"
            name="q"
            className="field__input"
            value={text}
            aria-describedby={`${searchId}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('users.search.submit')}
          </button>
        </div>
        <span id={`${searchId}-hint`} className="field__hint">
          {t('users.search.hint')}
        </span>
      </form>
      <div className="admin-toolbar__filter">
        <label htmlFor={roleId} className="field__label">
          {t('users.filters.role')}
        </label>
        <select
          id={roleId}
          className="field__input"
          value={state.role ?? ''}
          onChange={(e) => onChange({ role: Role.safeParse(e.target.value).data })}
        >
          <option value="">{t('users.filters.any')}</option>
          {Role.options.map((role) => (
            <option key={role} value={role}>
              {t(`users.roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-toolbar__filter">
        <label htmlFor={statusId} className="field__label">
          {t('users.filters.status')}
        </label>
        <select
          id={statusId}
          className="field__input"
          value={state.status ?? ''}
          onChange={(e) => onChange({ status: UserStatus.safeParse(e.target.value).data })}
        >
          <option value="">{t('users.filters.any')}</option>
          {UserStatus.options.map((status) => (
            <option key={status} value={status}>
              {t(`users.status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-toolbar__filter admin-toolbar__sort">
        <label htmlFor={sortId} className="field__label">
          {t('users.sort.label')}
        </label>
        <select
          id={sortId}
          className="field__input"
          value={`${state.sort}:${state.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [UserSort, SortOrder];
            onChange({ sort, order });
          }}
        >
          {SORT_CHOICES.map(([sort, order]) => (
            <option key={`${sort}:${order}`} value={`${sort}:${order}`}>
              {t(`users.sort.${sort}_${order}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
