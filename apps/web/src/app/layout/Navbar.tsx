import { Suspense } from 'react';
import { Link } from 'react-router';
import type { ActingForGrant } from '@portal/protocol';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../api/public-config.ts';
import type { Session } from '../../api/session.ts';
import { SupportMenu } from '../../features/support/index.ts';
import { ClinicMark } from './ClinicMark.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { RecordSwitcher } from './RecordSwitcher.tsx';

interface NavbarProps {
  session: Session;
  sidebar: { open: boolean; toggle: () => void } | null;
  /** The grants this person holds: with any, the navbar says whose record is open (decision 0023). */
  received: readonly ActingForGrant[];
  actingFor: string | null;
  /** False for a caregiver-only account (decision 0032). */
  hasOwnRecord: boolean;
}

/** spec §2: logo link to home, support dropdown, profile dropdown. */
export function Navbar({ session, sidebar, received, actingFor, hasOwnRecord }: NavbarProps) {
  const { t } = useTranslation(['layout', 'common']);
  const { data: config } = usePublicConfig();
  const clinic = config?.clinic_name ?? t('common:appName');
  return (
    <header className={`navbar${received.length > 0 ? ' navbar--records' : ''}`}>
      {sidebar && (
        <button
          type="button"
          className="navbar__toggle"
          aria-controls="sidebar"
          aria-expanded={sidebar.open}
          aria-label={sidebar.open ? t('hideSidebar') : t('showSidebar')}
          onClick={sidebar.toggle}
        >
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <path d="M3 6h16M3 11h16M3 16h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <Link to="/" className="navbar__brand" aria-label={t('goHome', { clinic })}>
        <ClinicMark size={32} />
        <span className="navbar__brand-text">{clinic}</span>
      </Link>
      <div className="navbar__actions">
        {received.length > 0 && (
          <Suspense fallback={null}>
            <RecordSwitcher received={received} open={actingFor} hasOwnRecord={hasOwnRecord} />
          </Suspense>
        )}
        <SupportMenu />
        <ProfileMenu session={session} />
      </div>
    </header>
  );
}
