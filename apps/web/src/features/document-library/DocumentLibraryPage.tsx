import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/PageHeading.tsx';
import type { TemplateLibraryQuery, TemplateSummary } from '@portal/protocol';
import { useTemplates } from './library-api.ts';
import { LibraryAlert } from './LibraryAlert.tsx';
import { titleIn } from './template-title.ts';
import { LibraryToolbar } from './LibraryToolbar.tsx';
import { TEMPLATE_KINDS, TEMPLATE_STATUSES } from './library-types.ts';
import { UploadTemplateDialog } from './UploadTemplateDialog.tsx';
import '../../ui/admin-tables.css';
import './document-library.css';

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

function filtersFrom(params: URLSearchParams): TemplateLibraryQuery {
  return {
    q: params.get('q') || undefined,
    kind: oneOf(TEMPLATE_KINDS, params.get('kind')),
    status: oneOf(TEMPLATE_STATUSES, params.get('status')),
  };
}

function paramsFrom(filters: TemplateLibraryQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

function versionText(template: TemplateSummary, t: TFunction<'library'>): string {
  const published = template.published_version === null ? null : String(template.published_version);
  const draft =
    template.draft_version === null ? null : t('list.draftVersion', { version: template.draft_version });
  return [published, draft].filter(Boolean).join(' · ');
}

/** The clinic's documents and forms: search, filters, upload; each row opens its editor. */
export default function DocumentLibraryPage() {
  const { t, i18n } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const templates = useTemplates(filters);
  const [uploading, setUploading] = useState(false);
  const filtered = Boolean(filters.q || filters.kind || filters.status);

  return (
    <section className="admin-page document-library">
      <div className="admin-page__header">
        <PageHeading>{t('title')}</PageHeading>
        <button type="button" className="button button--primary" onClick={() => setUploading(true)}>
          {t('upload.open')}
        </button>
      </div>
      <p>{t('intro')}</p>
      <LibraryToolbar filters={filters} onChange={(next) => setParams(paramsFrom(next))} />
      <LibraryAlert error={templates.error} />
      <div className="admin-page__table" aria-busy={templates.isFetching}>
        <table className="data-table">
          <caption>{t('list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('list.title')}</th>
              <th scope="col">{t('list.kind')}</th>
              <th scope="col">{t('list.status')}</th>
              <th scope="col">{t('list.languages')}</th>
              <th scope="col">{t('list.version')}</th>
              <th scope="col">{t('list.use')}</th>
            </tr>
          </thead>
          <tbody>
            {templates.data?.length === 0 && (
              <tr>
                <td colSpan={6} className="data-table__empty">
                  {filtered ? t('list.noMatch') : t('list.empty')}
                </td>
              </tr>
            )}
            {templates.data?.map((template) => (
              <tr key={template.id}>
                <th scope="row" data-label={t('list.title')}>
                  <Link to={`/document-library/${template.id}`}>{titleIn(template, i18n.language)}</Link>
                </th>
                <td data-label={t('list.kind')}>{t(`templateKinds.${template.kind}`)}</td>
                <td data-label={t('list.status')}>{t(`status.${template.status}`)}</td>
                <td data-label={t('list.languages')}>
                  {template.languages.map((language) => t(`languages.${language}`)).join(', ')}
                </td>
                <td data-label={t('list.version')}>{versionText(template, t)}</td>
                <td data-label={t('list.use')}>
                  {template.kind === 'reference'
                    ? t('list.readBy', { count: template.use.read })
                    : t('list.useValue', template.use)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {uploading && <UploadTemplateDialog onClose={() => setUploading(false)} />}
    </section>
  );
}
