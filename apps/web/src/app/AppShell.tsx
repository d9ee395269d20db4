import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { startApi } from '../api/client.ts';
import { dismissNotice, getNotices, subscribeNotices } from '../api/notice-store.ts';
import { getProgress, subscribeProgress } from '../api/progress-store.ts';
import { usePublicConfig } from '../api/public-config.ts';
import { onSessionEnd } from '../api/session.ts';
import { onNetworkIssue } from '../api/transport.ts';
import { useSession } from '../api/use-session.ts';
import { NoticeRegion, type NoticeView } from '../ui/NoticeRegion.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { setSiteName } from '../ui/site-name.ts';
import { noteFocusAtNavigation } from '../ui/heading-focus.ts';
import { decideAccess } from './access.ts';
import { matchedRoutes } from './router.tsx';

export const LOGIN_PATH = '/auth/login';
export const NETWORK_ISSUE_PATH = '/auth/network-issue';

function useNoticeViews(): NoticeView[] {
  const { t } = useTranslation('notices');
  const notices = useSyncExternalStore(subscribeNotices, getNotices);
  return notices.map((n) => ({
    id: n.id,
    tone: n.tone,
    title: t(`${n.key}.title`),
    message: t(`${n.key}.message`),
  }));
}

/** The root of every route: guards (spec §2), session and network watchers, notices, progress. */
export function AppShell() {
  const session = useSession();
  const routes = matchedRoutes(useMatches());
  const navigate = useNavigate();
  const location = useLocation();
  const clinicName = usePublicConfig().data?.clinic_name ?? null;

  useEffect(() => setSiteName(clinicName), [clinicName]);

  useEffect(() => noteFocusAtNavigation(location.key, document.activeElement), [location.key]);

  useEffect(() => {
    void startApi();
  }, []);

  // spec §4: every way out of a session ends on the login screen.
  useEffect(() => onSessionEnd(() => navigate(LOGIN_PATH, { replace: true })), [navigate]);

  const here = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      onNetworkIssue(() => {
        if (location.pathname === NETWORK_ISSUE_PATH) return;
        navigate(`${NETWORK_ISSUE_PATH}?from=${encodeURIComponent(here)}`);
      }),
    [navigate, here, location.pathname],
  );

  const decision = decideAccess(routes, session);
  return (
    <>
      <RequestProgress />
      <Notices />
      {decision.kind === 'redirect' ? (
        <Navigate to={decision.to} replace />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}

// The bar and the notices each watch their own store: a request starting or ending, and each
// creep of the bar, then renders the bar alone. Watched from the shell, every one re-rendered the
// shell, in a synchronous render (an external store's updates are not sliced) during a page's load.
function RequestProgress() {
  return <ProgressBar value={useSyncExternalStore(subscribeProgress, getProgress)} />;
}

function Notices() {
  return <NoticeRegion notices={useNoticeViews()} onDismiss={dismissNotice} />;
}

export function PageLoading() {
  const { t } = useTranslation('common');
  return <p className="page-loading">{t('loading')}</p>;
}
