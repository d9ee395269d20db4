import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../api/notice-store.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { apiQueryOf, filtersFrom, paramsFrom, type AuditFilters } from './audit-params.ts';
import { saveCsv, useAuditExport, useAuditPage } from './audit-api.ts';
import { AuditFiltersForm } from './AuditFiltersForm.tsx';
import { AuditTable } from './AuditTable.tsx';
// Shared with the users page until a ui/ home exists for tables and the pager.
import { Pagination } from '../../ui/Pagination.tsx';
import '../../ui/admin-tables.css';
import './audit.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

/** The audit viewer: every row the portal wrote, filtered, paged, and exported as CSV. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = apiQueryOf(filters);
  const audit = useAuditPage(query);
  const exporter = useAuditExport();
  const apply = (next: AuditFilters) => setParams(paramsFrom(next));

  const download = () =>
    exporter.mutate(query, {
      onSuccess: (file) => {
        saveCsv(file);
        showNotice({
          key: file.truncated ? 'admin:notices.exportTruncated' : 'admin:notices.exported',
          tone: file.truncated ? 'warning' : 'success',
          durationMs: 8_000,
        });
      },
    });

  return (
    <section className="admin-page">
      <div className="admin-page__header">
        <PageHeading>{t('audit.title')}</PageHeading>
        <button
          type="button"
          className="button button--secondary"
          onClick={download}
          disabled={exporter.isPending}
        >
          {exporter.isPending ? t('common.working') : t('audit.export')}
        </button>
      </div>
      <p>{t('audit.intro')}</p>
      <AuditFiltersForm key={params.toString()} filters={filters} onApply={apply} />
      <FormAlert message={(audit.isError || exporter.isError) && t('errors.generic')} />
      <div className="admin-page__table" aria-busy={audit.isFetching}>
        <AuditTable entries={audit.data?.items ?? []} />
      </div>
      {audit.data && (
        <Pagination
          page={filters.page}
          pageSize={filters.pageSize}
          total={audit.data.total}
          openEnded={audit.data.total_capped ? { shown: audit.data.items.length } : undefined}
          label={t('audit.table.caption')}
          onPage={(page) => apply({ ...filters, page })}
          onPageSize={(pageSize) => apply({ ...filters, page: 1, pageSize })}
        />
      )}
    </section>
  );
}
