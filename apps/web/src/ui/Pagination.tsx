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
  /**
   * When the server stopped counting (`total` is a lower bound): how many rows this page shows,
   * so the next page is offered while pages are full.
   */
  openEnded?: { shown: number };
}

/** Previous / next and the page size; the range shown is announced when it changes. */
export function Pagination({ page, pageSize, total, label, onPage, onPageSize, openEnded }: PaginationProps) {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number) => formatNumber(value, i18n.language);
  const first = (page - 1) * pageSize + 1;
  // Open-ended, the rows counted are at least those up to the end of this page.
  const to = openEnded ? first + openEnded.shown - 1 : Math.min(total, page * pageSize);
  const counted = openEnded ? Math.max(total, to) : total;
  const pages = Math.max(1, Math.ceil(counted / pageSize));
  const last = openEnded ? openEnded.shown < pageSize : page >= pages;
  const range = {
    from: n(counted === 0 || to < first ? 0 : first),
    to: n(to),
    total: n(counted),
    page: n(page),
    pages: n(pages),
  };
  const atLeast = openEnded ? 'AtLeast' : '';
  return (
    <nav className="pagination" aria-label={t('pagination.label', { what: label })}>
      <p className="pagination__range" role="status">
        {t(`pagination.range${atLeast}`, range)}
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
        <span className="pagination__page">{t(`pagination.page${atLeast}`, range)}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={last}
          onClick={() => onPage(page + 1)}
        >
          {t('pagination.next')}
        </button>
      </div>
    </nav>
  );
}
