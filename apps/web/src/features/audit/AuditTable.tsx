import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/protocol';
import { ActingFor } from '../../ui/audit/ActingFor.tsx';
import { AuditDetail } from '../../ui/audit/AuditDetail.tsx';
import { useAuditWords } from '../../ui/audit/use-audit-words.ts';
import { DateTime } from '../../ui/DateTime.tsx';
import { EmailAddress } from '../../ui/EmailAddress.tsx';

/** The record a row names: its kind in words, then its id (or section) as stored. */
function AuditRecord({ words }: { words: { kind: string; rest: string | null } }) {
  const { t } = useTranslation('admin');
  return (
    <span className="audit-table__more">
      {t('audit.record')} {words.kind}
      {words.rest && (
        <>
          {' '}
          <code>{words.rest}</code>
        </>
      )}
    </span>
  );
}

/** The rows as evidence: time, what (in words, with the record and detail), who, to whom, from where. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const words = useAuditWords();
  const person = (p: AuditEntry['actor']) =>
    p?.email ? <EmailAddress value={p.email} /> : (p?.id ?? t('audit.system'));
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
              <DateTime value={e.at} />
            </td>
            <td data-label={t('audit.columns.action')}>
              <span className="audit-table__action">{words.action(e.action)}</span>
              <ActingFor entry={e} />
              <AuditDetail lines={words.detail(e.detail)} />
              {e.target && <AuditRecord words={words.target(e.target)} />}
            </td>
            <td data-label={t('audit.columns.outcome')}>
              <span className={`outcome outcome--${e.outcome}`}>{words.outcome(e.outcome)}</span>
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
