import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';

/** The rows as evidence: time, what (with the record and detail as stored), who, to whom, from where. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const person = (p: AuditEntry['actor']) => (p ? (p.email ?? p.id) : t('audit.system'));
  const columns = ['at', 'action', 'outcome', 'actor', 'subject', 'ip'] as const;
  return (
    <table className="data-table audit-table">
      <caption className="visually-hidden">{t('audit.table.caption')}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(`audit.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 && (
          <tr>
            <td colSpan={columns.length} className="data-table__empty">
              {t('audit.table.empty')}
            </td>
          </tr>
        )}
        {entries.map((e) => (
          <tr key={e.id}>
            <td data-label={t('audit.columns.at')}>
              <time dateTime={e.at}>
                {formatDate(new Date(e.at), i18n.language, { dateStyle: 'short', timeStyle: 'medium' })}
              </time>
            </td>
            <td data-label={t('audit.columns.action')}>
              <code>{e.action}</code>
              {(e.target || e.detail) && (
                <span className="audit-table__more">
                  {e.target && <code>{e.target}</code>} {e.detail && <code>{JSON.stringify(e.detail)}</code>}
                </span>
              )}
            </td>
            <td data-label={t('audit.columns.outcome')}>
              <span className={`outcome outcome--${e.outcome}`}>{e.outcome}</span>
            </td>
            <td data-label={t('audit.columns.actor')} className="data-table__email">
              {person(e.actor)}
            </td>
            <td data-label={t('audit.columns.subject')} className="data-table__email">
              {e.subject && e.subject.id !== e.actor?.id ? person(e.subject) : ''}
            </td>
            <td data-label={t('audit.columns.ip')}>{e.ip}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
