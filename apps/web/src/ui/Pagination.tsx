import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZES } from '@portal/protocol';
import { formatNumber } from '../i18n/format.ts';
import { SelectField } from './SelectField.tsx';
import './pagination.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Names what is counted, e.g. the users table's caption, for screen readers. */
  label: string;
  onPage: (page: number) => void;
  /** Without it the page size is fixed and no size choice is offered. */
  onPageSize?: (size: number) => void;
}

/** Previous / next and the page size; the range shown is announced when it changes. */
export function Pagination({ page, pageSize, total, label, onPage, onPageSize }: PaginationProps) {
  const { t, i18n } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <nav className="pagination" aria-label={t('pagination.label', { what: label })}>
      <p className="pagination__range" role="status">
        {t('pagination.range', { from: n(from), to: n(to), total: n(total) })}
      </p>
      <div className="pagination__controls">
        {onPageSize && (
          <SelectField
            className="pagination__size-field"
            labelClassName="pagination__size-label"
            selectClassName="pagination__size"
            label={t('pagination.pageSize')}
            value={String(pageSize)}
            options={ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(value) => onPageSize(Number(value))}
          />
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('pagination.previous')}
        </button>
        <span className="pagination__page">{t('pagination.page', { page: n(page), pages: n(pages) })}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('pagination.next')}
        </button>
      </div>
    </nav>
  );
}
