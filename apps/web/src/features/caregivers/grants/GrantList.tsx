import { useTranslation } from 'react-i18next';
import type { CaregiverGrant } from '@portal/protocol';
import { DAY, formatDate } from '../../../i18n/format.ts';
import { dayOf } from './day-of.ts';
import { SCOPE_ORDER } from './scope-groups.ts';
import './caregivers.css';

interface GrantListProps {
  grants: readonly CaregiverGrant[];
  /** Absent where this person may not revoke (staff without manage_users). */
  onRevoke?: (grant: CaregiverGrant) => void;
  /** Said when there is none. */
  empty: string;
  /**
   * The patient's own list: a live grant the clinic recorded says so, and how to object (the
   * patient did not give it themselves). The chart leaves it out.
   */
  explainClinicGrants?: boolean;
}

const LIVE = new Set<CaregiverGrant['status']>(['invited', 'active']);

/** Grants with their status, what they allow in words, until when and who recorded them. */
export function GrantList({ grants, onRevoke, empty, explainClinicGrants = false }: GrantListProps) {
  const { t, i18n } = useTranslation('caregivers');
  if (grants.length === 0) return <p>{empty}</p>;
  const scopeWords = (grant: CaregiverGrant) =>
    SCOPE_ORDER.filter((scope) => grant.scopes.includes(scope))
      .map((scope) => t(`scopes.${scope}`))
      .join(t('list.separator'));
  return (
    <ul className="grant-list">
      {grants.map((grant) => {
        const who = grant.caregiver_name ?? grant.caregiver_email;
        return (
          <li key={grant.id} className="grant" data-testid="caregiver-grant">
            <p className="grant__who">
              <span className="grant__name">{who}</span>
              <span className={`grant__status grant__status--${grant.status}`}>
                {t(`status.${grant.status}`)}
              </span>
            </p>
            <dl className="grant__facts">
              <dt>{t('list.relationship')}</dt>
              <dd>{grant.relationship}</dd>
              {grant.caregiver_name && (
                <>
                  <dt>{t('list.email')}</dt>
                  <dd>{grant.caregiver_email}</dd>
                </>
              )}
              <dt>{t('list.scopes')}</dt>
              <dd>{scopeWords(grant)}</dd>
              <dt>{t('list.endsOn')}</dt>
              <dd>{formatDate(dayOf(grant.ends_on), i18n.language, DAY)}</dd>
              <dt>{t('list.source')}</dt>
              <dd>
                {grant.source === 'clinic' && grant.authority
                  ? t('source.clinicWith', { authority: t(`authority.${grant.authority.kind}`) })
                  : t(`source.${grant.source}`)}
              </dd>
              {grant.source === 'clinic' && (
                <>
                  <dt>{t('list.recorded')}</dt>
                  <dd>
                    {grant.recorded_by
                      ? t('list.recordedBy', {
                          date: formatDate(new Date(grant.created_at), i18n.language, DAY),
                          name: grant.recorded_by,
                        })
                      : formatDate(new Date(grant.created_at), i18n.language, DAY)}
                  </dd>
                </>
              )}
            </dl>
            {explainClinicGrants && grant.source === 'clinic' && LIVE.has(grant.status) && (
              <p className="grant__notice">{t('list.clinicNotice')}</p>
            )}
            {onRevoke && LIVE.has(grant.status) && (
              <button type="button" className="button button--secondary" onClick={() => onRevoke(grant)}>
                {t('revoke.button')}
                <span className="visually-hidden">: {who}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
