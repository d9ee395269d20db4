import { useTranslation } from 'react-i18next';
import type { UserDetail } from '@portal/protocol';
import { DATE_TIME, formatDate, formatNumber } from '../../i18n/format.ts';
import { LOCALE_NAMES } from '../../i18n/locale.ts';
import { FactList } from '../../ui/FactList.tsx';
import { roleLabelKeys } from './account-kind.ts';

/** The account itself: access, dates and sessions. */
export function UserFacts({ detail }: { detail: UserDetail }) {
  const { t, i18n } = useTranslation('admin');
  const { user } = detail;
  const when = (iso: string | null) =>
    iso ? formatDate(new Date(iso), i18n.language, DATE_TIME) : t('users.never');
  const facts: [string, string][] = [
    [
      'users.columns.roles',
      roleLabelKeys(user)
        .map((key) => t(key))
        .join(', '),
    ],
    [
      'detail.auths',
      user.auths.map((a) => t(`users.auths.${a}`, { defaultValue: a })).join(', ') || t('detail.none'),
    ],
    ['detail.language', LOCALE_NAMES[user.locale]],
    ['users.columns.created', when(user.created_at)],
    ['users.columns.lastLogin', when(user.last_login_at)],
    ['detail.emailVerified', when(detail.email_verified_at)],
    ['detail.liveSessions', formatNumber(detail.live_sessions, i18n.language)],
    ['detail.mfa', t(user.mfa_enabled ? 'detail.yes' : 'detail.no')],
  ];
  if (user.lock === 'lockout' && user.locked_until)
    facts.push(['detail.lockedUntil', when(user.locked_until)]);
  return (
    <section className="card detail-card" aria-labelledby="detail-account">
      <h2 id="detail-account">{t('detail.account')}</h2>
      <FactList facts={facts.map(([label, value]) => [t(label), value])} />
    </section>
  );
}
