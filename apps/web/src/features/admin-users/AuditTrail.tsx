import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@portal/protocol';
import { ActingFor } from '../../ui/audit/ActingFor.tsx';
import { AuditDetail } from '../../ui/audit/AuditDetail.tsx';
import { useAuditWords } from '../../ui/audit/use-audit-words.ts';
import { DateTime } from '../../ui/DateTime.tsx';
import { EmailAddress } from '../../ui/EmailAddress.tsx';

/** The latest audit rows about this person; the audit viewer has the rest, filtered to them. */
export function AuditTrail({ userId, entries }: { userId: string; entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const words = useAuditWords();
  const who = (person: AuditEntry['actor']) =>
    person?.email ? <EmailAddress value={person.email} /> : (person?.id ?? t('detail.trail.system'));
  return (
    <section className="card detail-card" aria-labelledby="detail-trail">
      <h2 id="detail-trail">{t('detail.trail.title')}</h2>
      <table className="data-table">
        <caption className="visually-hidden">{t('detail.trail.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('detail.trail.at')}</th>
            <th scope="col">{t('detail.trail.action')}</th>
            <th scope="col">{t('detail.trail.actor')}</th>
            <th scope="col">{t('detail.trail.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t('detail.trail.at')}>
                <DateTime value={entry.at} />
              </td>
              <td data-label={t('detail.trail.action')}>
                {words.action(entry.action)}
                <ActingFor entry={entry} />
                <AuditDetail lines={words.detail(entry.detail)} />
              </td>
              <td data-label={t('detail.trail.actor')} className="data-table__email">
                {who(entry.actor)}
              </td>
              <td data-label={t('detail.trail.outcome')}>{words.outcome(entry.outcome)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Link to={`/audit?subject=${userId}`}>{t('detail.trail.more')}</Link>
      </p>
    </section>
  );
}
