import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DocumentStatus, type DocumentsPage as Page } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useDocuments } from './use-documents.ts';
import { useDocumentsText } from './use-documents-text.ts';
import './documents.css';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

type Counts = Page['counts'];

/** The select's value for no status chosen (an option's value is a string). */
const ALL = '';

/** The patient's forms, newest first, filtered by status, with the count of each (spec §4). */
export default function DocumentsPage() {
  const { t, i18n, owner } = useDocumentsText();
  const [status, setStatus] = useState<DocumentStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const documents = useDocuments({ kind: 'signature', status, page });
  const counts = documents.data?.counts;
  const choose = (next: DocumentStatus | undefined) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <div className="documents">
      <PageHeading>{t('title')}</PageHeading>
      <p>{owner('intro')}</p>
      <FilterButtons status={status} counts={counts} onChoose={choose} />
      <FilterSelect status={status} counts={counts} onChoose={choose} />
      <FormAlert
        message={
          documents.isError && (
            <>
              {owner('loadError')}{' '}
              <button type="button" className="button button--ghost" onClick={() => void documents.refetch()}>
                {t('retry')}
              </button>
            </>
          )
        }
      />
      {documents.isPending && <p className="page-loading">{t('loading', { ns: 'common' })}</p>}
      {documents.data && <DocumentList page={documents.data} locale={i18n.language} onPage={setPage} />}
    </div>
  );
}

interface FilterProps {
  status: DocumentStatus | undefined;
  /** How many documents have each status; undefined while they load. */
  counts: Counts | undefined;
  onChoose(status: DocumentStatus | undefined): void;
}

const totalOf = (counts: Counts | undefined) =>
  counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;

/** Wider screens: a button for every status. A phone shows the select instead (documents.css). */
function FilterButtons({ status, counts, onChoose }: FilterProps) {
  const { t, owner } = useDocumentsText();
  return (
    <div className="documents__filter" role="group" aria-label={t('filter.label')}>
      <FilterButton
        pressed={status === undefined}
        label={t('filter.all')}
        count={totalOf(counts)}
        onPress={() => onChoose(undefined)}
      />
      {DocumentStatus.options.map((value) => (
        <FilterButton
          key={value}
          pressed={status === value}
          label={owner(`status.${value}`)}
          count={counts?.[value]}
          onPress={() => onChoose(value)}
        />
      ))}
    </div>
  );
}

/**
 * A phone's filter: nine buttons would push the documents below the fold, so one select, listing
 * only the statuses some document has (and the one chosen, so the select can show it).
 */
function FilterSelect({ status, counts, onChoose }: FilterProps) {
  const { t, owner } = useDocumentsText();
  const labelled = (label: string, count: number | undefined) =>
    count === undefined ? label : t('filter.option', { label, count });
  const options = [
    { value: ALL, label: labelled(t('filter.all'), totalOf(counts)) },
    ...DocumentStatus.options
      .filter((value) => value === status || counts?.[value] !== 0)
      .map((value) => ({ value, label: labelled(owner(`status.${value}`), counts?.[value]) })),
  ];
  return (
    <SelectField
      className="field documents__filter-select"
      label={t('filter.label')}
      value={status ?? ALL}
      options={options}
      onChange={(value) => onChoose(value === ALL ? undefined : DocumentStatus.parse(value))}
    />
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
