import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '@portal/protocol';
import { formatDate } from '../../i18n/format.ts';
import { accountErrorKey } from './account-errors.ts';
import { useAccountSessions, useEndSessions } from './account-api.ts';
import { FormAlert } from '../../ui/form/FormAlert.tsx';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Where the person is signed in, and a way to end any of it. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('account');
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<string | null>(null);

  const endSessions = (id?: string) =>
    end.mutate(id, {
      onSuccess: () => {
        setError(null);
        setEnded(id ? 'sessions.endedOne' : 'sessions.endedOthers');
      },
      onError: (failure) => setError(accountErrorKey(failure)),
    });

  const device = (s: AccountSession) => {
    if (s.browser && s.os) return t('sessions.browserOnOs', { browser: s.browser, os: s.os });
    return s.browser ?? s.os ?? t('sessions.unknownDevice');
  };
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  return (
    <section className="card account-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title" className="account-section__title">
        {t('sessions.title')}
      </h2>
      <p>{t('sessions.intro')}</p>
      {sessions.isPending && <p role="status">{t('loading')}</p>}
      <FormAlert message={error && t(error)} />
      <p role="status" className="account-copied">
        {ended ? t(ended) : ''}
      </p>
      {sessions.data && (
        <ul className="account-sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="account-session" data-testid="account-session">
              <div>
                <p className="account-session__device">
                  {device(s)}
                  {s.current && (
                    <span className="account-badge account-badge--on">{t('sessions.thisDevice')}</span>
                  )}
                </p>
                <p className="account-session__meta">
                  {t('sessions.lastUsed', {
                    when: formatDate(new Date(s.last_used_at), i18n.language, WHEN),
                  })}
                  {' · '}
                  {t('sessions.signedIn', { when: formatDate(new Date(s.created_at), i18n.language, WHEN) })}
                  {s.ip && ` · ${t('sessions.address', { ip: s.ip })}`}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={end.isPending}
                  onClick={() => endSessions(s.id)}
                  aria-label={t('sessions.endOneNamed', { device: device(s) })}
                >
                  {t('sessions.endOne')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <button
          type="button"
          className="button button--secondary"
          disabled={end.isPending}
          onClick={() => endSessions()}
        >
          {t('sessions.endOthers')}
        </button>
      )}
    </section>
  );
}
