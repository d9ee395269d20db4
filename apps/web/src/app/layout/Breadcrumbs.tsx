import { Link, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageName } from '../../ui/page-label.ts';
import { matchedRoutes } from '../router.tsx';

/** spec §2: breadcrumbs come from the matched routes. */
export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  // The page's own name (a person's) beats its route's word for the last crumb.
  const pageName = usePageName();
  const crumbs = useMatches().flatMap((match) => {
    const key = matchedRoutes([match])[0]?.breadcrumb;
    return key ? [{ key, label: t(key), path: match.pathname }] : [];
  });
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol>
        {crumbs.map((crumb, i) =>
          i === crumbs.length - 1 ? (
            <li key={crumb.key} aria-current="page">
              {pageName ?? crumb.label}
            </li>
          ) : (
            <li key={crumb.key}>
              <Link to={crumb.path}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
