import type { SortOrder, UserSort } from '@portal/protocol';

interface SortHeaderProps {
  column: UserSort;
  label: string;
  sort: UserSort;
  order: SortOrder;
  onSort: (column: UserSort) => void;
}

/** WAI-ARIA APG sortable table: the header is a button; aria-sort marks only the sorted column. */
export function SortHeader({ column, label, sort, order, onSort }: SortHeaderProps) {
  const active = column === sort;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="sort-header" onClick={() => onSort(column)}>
        {label}
        <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" className="sort-header__icon">
          <path d="M5 1L1 5h8z" fill="currentColor" opacity={active && order === 'asc' ? 1 : 0.3} />
          <path d="M5 13l4-4H1z" fill="currentColor" opacity={active && order === 'desc' ? 1 : 0.3} />
        </svg>
      </button>
    </th>
  );
}
