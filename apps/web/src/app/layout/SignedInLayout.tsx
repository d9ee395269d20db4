import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  reconcileActingFor,
  useActingFor,
  useCaregiversOverview,
  watchActingForRefusals,
} from '../../api/caregiver-grants.ts';
import { refreshTokens } from '../../api/client.ts';
import { useEventPoll } from '../../api/events.ts';
import { useSession } from '../../api/use-session.ts';
import { isPatient, MessengerHost, onMessageEvent } from '../../features/messages/index.ts';
import { SkipLink } from '../../ui/SkipLink.tsx';
import { BREAKPOINTS, useMediaQuery } from '../../ui/use-media-query.ts';
import { homePath } from '../../api/home-path.ts';
import { decideRecordAccess, grantBlocks, hasAdminAuth } from '../access.ts';
import { PageLoading } from '../AppShell.tsx';
import { matchedRoutes } from '../router.tsx';
import { ActingForBanner, GrantsUnavailable, NotOpenedByGrant } from './ActingForBanner.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useRenderedInSlices } from '../../ui/use-rendered-in-slices.ts';
import './signed-in-layout.css';

// Decision 0010: only signed-in screens warn before the idle timeout, so the login page never loads it.
const IdleWarning = lazy(() =>
  import('../../features/idle-warning/index.ts').then((m) => ({ default: m.IdleWarning })),
);

/** spec §2: the sidebar collapses by itself on medium-or-smaller screens (below lg). */
const WIDE = `(min-width: ${BREAKPOINTS.lg}px)`;
const MEDIUM = `(min-width: ${BREAKPOINTS.md}px)`;

type ScreenBand = 'wide' | 'medium' | 'small';

function useSidebar(available: boolean) {
  const wide = useMediaQuery(WIDE);
  const medium = useMediaQuery(MEDIUM);
  const band: ScreenBand = wide ? 'wide' : medium ? 'medium' : 'small';
  // The user's choice holds until the screen changes band, which restores the default.
  const [choice, setChoice] = useState<{ band: ScreenBand; open: boolean } | null>(null);
  const open = choice && choice.band === band ? choice.open : wide;
  const overlayOpen = available && open && !wide;
  // The overlay covers the page like a dialog, so Esc closes it and focus returns to its toggle.
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setChoice({ band, open: false });
      // Once the overlay is gone, so nothing of it keeps or takes focus back.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-controls="sidebar"]')?.focus());
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlayOpen, band]);
  return {
    wide,
    state: available ? { open, toggle: () => setChoice({ band, open: !open }) } : null,
    closeIfOverlay: () => {
      if (!wide) setChoice({ band, open: false });
    },
  };
}

export default function SignedInLayout() {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sidebar = useSidebar(hasAdminAuth(session));
  const routes = matchedRoutes(useMatches());
  const overview = useCaregiversOverview();
  const acting = useActingFor();

  // spec §4: on the refresh_token event, refresh tokens and go to / (where / leads for the new
  // roles; an administrator already on /users stays, with the open menus and this layout).
  // Decision 0023: the event also says a grant may have ended, so the grants are read again.
  useEventPoll(session !== null, (name) => {
    if (name === 'refresh_token') {
      void refreshTokens()
        .then(async (renewed) => {
          // Unread grants must not keep the person on a page they may no longer open: the
          // next poll or 10404 tries again.
          await reconcileActingFor(queryClient).catch(() => false);
          return navigate(homePath(renewed), { replace: true });
        })
        .catch(() => {
          // A refused refresh ends the session, and the session's end leads to the login screen.
        });
    }
    if (name === 'message' && session) onMessageEvent(queryClient, isPatient(session));
  });

  // A record that answers as missing while acting for it: the grant may have just ended.
  useEffect(
    () =>
      watchActingForRefusals(queryClient, () => {
        void reconcileActingFor(queryClient).then((ended) => {
          if (ended) void navigate('/', { replace: true });
        });
      }),
    [queryClient, navigate],
  );

  // Opened with a record this person no longer holds a grant for (a tab kept since): their own.
  const stale = acting.patientId !== null && overview.isSuccess && !acting.grant;
  useEffect(() => {
    if (stale)
      void reconcileActingFor(queryClient).then((ended) => ended && navigate('/', { replace: true }));
  }, [stale, queryClient, navigate]);

  // Grants that cannot be read leave the page to the server, which refuses a record it has none of.
  const knownOwnRecord = overview.data
    ? overview.data.is_patient !== false
    : overview.isError
      ? true
      : undefined;
  // A record page waits for the grants: the page that mounts once they arrive.
  const ownRecord = useRenderedInSlices(knownOwnRecord);

  if (!session) return null;
  const onRecord = routes.some((route) => route.name === 'home');
  const record = decideRecordAccess(routes, { actingFor: acting.patientId, isPatient: ownRecord });
  const page =
    record.kind === 'redirect' ? (
      <Navigate to={record.to} replace />
    ) : record.kind === 'wait' ? (
      <PageLoading />
    ) : acting.patientId === null ? (
      <Outlet />
    ) : !acting.grant && overview.isError ? (
      <GrantsUnavailable
        onRetry={() => void overview.refetch()}
        retrying={overview.isFetching}
        hasOwnRecord={ownRecord !== false}
      />
    ) : !acting.grant ? (
      <PageLoading />
    ) : grantBlocks(routes, acting.may) ? (
      <NotOpenedByGrant grant={acting.grant} />
    ) : (
      <Outlet />
    );
  const sidebarOpen = sidebar.state?.open ?? false;
  return (
    <div
      className={`shell${sidebarOpen ? ' shell--sidebar-open' : ''}${sidebar.wide ? '' : ' shell--overlay'}`}
    >
      <SkipLink targetId="main" label={t('skipToContent')} />
      <Navbar
        session={session}
        sidebar={sidebar.state}
        received={overview.data?.received ?? []}
        actingFor={acting.patientId}
        hasOwnRecord={ownRecord !== false}
      />
      <div className="shell__body">
        {sidebar.state && (
          <Sidebar session={session} open={sidebarOpen} onNavigate={sidebar.closeIfOverlay} />
        )}
        <div className="shell__content">
          <Breadcrumbs />
          <main id="main" className="shell__main" tabIndex={-1}>
            {onRecord && acting.grant && (
              <Suspense fallback={null}>
                <ActingForBanner grant={acting.grant} />
              </Suspense>
            )}
            {/* Keyed by whose record is open: a switch starts every page's state afresh. */}
            <Suspense key={acting.patientId ?? 'own'} fallback={<PageLoading />}>
              {page}
            </Suspense>
          </main>
          <Footer />
        </div>
      </div>
      <MessengerHost key={acting.patientId ?? 'own'} session={session} />
      <Suspense fallback={null}>
        <IdleWarning />
      </Suspense>
    </div>
  );
}
