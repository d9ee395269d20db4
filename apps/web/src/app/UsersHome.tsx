import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { worklistQueuesFor } from '@portal/protocol';
import { useSession } from '../api/use-session.ts';
import UsersPage from '../features/admin-users/UsersPage.tsx';
import { WorklistView } from '../features/clinic/worklist/index.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import './users-home.css';

/**
 * spec §2 `/users` with the worklist: "Needs attention" (the default for staff whose
 * permissions open a queue) or "All users". The view is in the address (`view=all`).
 */
export default function UsersHome() {
  const { t } = useTranslation('clinic-worklist');
  const [params] = useSearchParams();
  const auths = useSession()?.user.auths ?? [];
  const worklist = worklistQueuesFor(auths).length > 0;
  // A link into the list (a search, a filter, a page) opens the list; otherwise staff start
  // with what needs attention.
  const listLink = [...params.keys()].some((key) => key !== 'view' && key !== 'queue');
  const asked = params.get('view');
  const view = worklist && (asked ?? (listLink ? 'all' : 'attention')) === 'attention' ? 'attention' : 'all';
  if (!worklist) return <UsersPage />;
  return (
    <>
      <nav className="users-home__views" aria-label={t('views.label')}>
        <Link to="?view=attention" aria-current={view === 'attention' ? 'page' : undefined}>
          {t('views.attention')}
        </Link>
        <Link to="?view=all" aria-current={view === 'all' ? 'page' : undefined}>
          {t('views.all')}
        </Link>
      </nav>
      {view === 'attention' ? (
        <section className="admin-page">
          <PageHeading>{t('title')}</PageHeading>
          <WorklistView />
        </section>
      ) : (
        <UsersPage />
      )}
    </>
  );
}
