import { useTranslation } from 'react-i18next';
import type { TemplateVersion } from '@portal/protocol';
import { DateTime } from '../../ui/DateTime.tsx';

/** Every version of a template, newest first: its status, languages, when published and how often sent. */
export function VersionsTable({ versions }: { versions: readonly TemplateVersion[] }) {
  const { t } = useTranslation('library');
  return (
    <table className="data-table">
      <caption>{t('versions.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('versions.version')}</th>
          <th scope="col">{t('list.status')}</th>
          <th scope="col">{t('list.languages')}</th>
          <th scope="col">{t('versions.published')}</th>
          <th scope="col">{t('versions.sent')}</th>
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => (
          <tr key={version.version}>
            <th scope="row" data-label={t('versions.version')}>
              {version.version}
            </th>
            <td data-label={t('list.status')}>{t(`status.${version.status}`)}</td>
            <td data-label={t('list.languages')}>
              {version.editions.map((edition) => t(`languages.${edition.language}`)).join(', ')}
            </td>
            <td data-label={t('versions.published')}>
              {version.published_at ? <DateTime value={version.published_at} /> : '—'}
            </td>
            <td data-label={t('versions.sent')}>{version.sent}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
