import { useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../api/session.ts';
import { sidebarSections, type SidebarLink } from '../navigation.ts';
import type { SidebarGroup } from '../route-types.ts';
import { ROUTES } from '../route-table.ts';

interface SidebarProps {
  session: Session;
  open: boolean;
  onNavigate: () => void;
}

/** spec §2: routes allowed for the user's roles, in collapsible groups; 280px, 100vw on mobile. */
export function Sidebar({ session, open, onNavigate }: SidebarProps) {
  const { t } = useTranslation('layout');
  const [collapsed, setCollapsed] = useState<ReadonlySet<SidebarGroup>>(new Set());
  const sections = sidebarSections(ROUTES, session);
  const { pathname } = useLocation();
  // The entry of the page shown is the page; a page without an entry of its own (a user's
  // detail) marks the entry it belongs to as the current location.
  const current = (link: SidebarLink) =>
    matchPath(link.path, pathname)
      ? 'page'
      : link.owns.some((path) => matchPath(path, pathname))
        ? 'location'
        : undefined;
  const toggleGroup = (group: SidebarGroup) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  return (
    <nav id="sidebar" className="sidebar" aria-label={t('sidebar')} hidden={!open}>
      {sections.map(({ group, links }) => {
        const expanded = !collapsed.has(group);
        const listId = `sidebar-group-${group}`;
        return (
          <section key={group} className="sidebar__group">
            <h2 className="sidebar__heading">
              <button
                type="button"
                className="sidebar__group-toggle"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => toggleGroup(group)}
              >
                {t(`groups.${group}`)}
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                  <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                </svg>
              </button>
            </h2>
            <ul id={listId} className="sidebar__links" hidden={!expanded}>
              {links.map((link) => (
                <li key={link.path}>
                  <Link
                    to={link.path}
                    className="sidebar__link"
                    aria-current={current(link)}
                    onClick={onNavigate}
                  >
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
