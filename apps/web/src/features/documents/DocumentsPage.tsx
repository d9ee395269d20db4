import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentStatus, type DocumentsPage as Page } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useDocuments } from './use-documents.ts';
import './documents.css';

/** The patient's forms, newest first, filtered by status, with the count of each (spec §4). */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation('documents');
  const [status, setStatus] = useState<DocumentStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const documents = useDocuments({ kind: 'signature', status, page });
  const counts = documents.data?.counts;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const choose = (next: DocumentStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="documents">
      <PageHeading>{t('title')}</PageHeading>
      <p>{t('intro')}</p>
      <div className="documents__filter" role="group" aria-label={t('filter.label')}>
        <FilterButton
          pressed={status === undefined}
          label={t('filter.all')}
          count={total}
          onPress={() => choose(undefined)}
        />
        {DocumentStatus.options.map((value) => (
          <FilterButton
            key={value}
            pressed={status === value}
            label={t(`status.${value}`)}
            count={counts?.[value]}
            onPress={() => choose(value)}
          />
        ))}
      </div>
      {documents.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {t('loadError')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void documents.refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {documents.isPending && <p className="page-loading">{t('loading', { ns: 'common' })}</p>}
      {documents.data && <DocumentList page={documents.data} locale={i18n.language} onPage={setPage} />}
    </div>
  );
}

function FilterButton(props: { pressed: boolean; label: string; count?: number; onPress(): void }) {
  return (
    <button
      type="button"
      className="documents__filter-button"
      aria-pressed={props.pressed}
      onClick={props.onPress}
    >
      {props.label}
      {props.count !== undefined && <span className="documents__count">{props.count}</span>}
    </button>
  );
}

function DocumentList({ page, locale, onPage }: { page: Page; locale: string; onPage(page: number): void }) {
  const { t } = useTranslation('documents');
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  if (page.items.length === 0) return <p className="documents__empty">{t('empty')}</p>;
  return (
    <>
      <ul className="documents__list">
        {page.items.map((doc) => (
          <li key={doc.id} className="card document-row">
            <div className="document-row__main">
              <h2 className="document-row__title">
                <Link to={`/welcome/documents/${doc.id}`}>{doc.title}</Link>
              </h2>
              {doc.description && <p className="document-row__description">{doc.description}</p>}
              <p className="document-row__meta">
                {doc.due_at && doc.status === 'pending_signature'
                  ? t('due', {
                      date: formatDate(new Date(doc.due_at), locale, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                    })
                  : t('updated', {
                      date: formatDate(new Date(doc.updated_at), locale, { dateStyle: 'medium' }),
                    })}
              </p>
            </div>
            {doc.status && <StatusBadge status={doc.status} />}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="documents__pages" aria-label={t('pages.label')}>
          <button
            type="button"
            className="button button--ghost"
            disabled={page.page <= 1}
            onClick={() => onPage(page.page - 1)}
          >
            {t('pages.previous')}
          </button>
          <span>{t('pages.current', { page: page.page, pages })}</span>
          <button
            type="button"
            className="button button--ghost"
            disabled={page.page >= pages}
            onClick={() => onPage(page.page + 1)}
          >
            {t('pages.next')}
          </button>
        </nav>
      )}
    </>
  );
}
