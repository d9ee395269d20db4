import type { Session } from '../api/session.ts';
import { mayOpen } from './access.ts';
import type { AppRoute, SidebarGroup } from './route-types.ts';

export interface SidebarLink {
  path: string;
  label: string;
}

export interface SidebarSection {
  group: SidebarGroup;
  links: SidebarLink[];
}

const GROUP_ORDER: readonly SidebarGroup[] = ['patient', 'administration', 'legal'];

function join(parent: string, route: AppRoute): string {
  if (route.index || !route.path) return parent || '/';
  if (route.path.startsWith('/')) return route.path;
  return `${parent.replace(/\/$/, '')}/${route.path}`;
}

/** spec §2: the sidebar lists only routes allowed for the user's roles, grouped. */
export function sidebarSections(routes: readonly AppRoute[], session: Session | null): SidebarSection[] {
  const links = new Map<SidebarGroup, SidebarLink[]>();
  const walk = (level: readonly AppRoute[], parentPath: string, ancestors: readonly AppRoute[]) => {
    for (const route of level) {
      const chain = [...ancestors, route];
      if (!chain.every((r) => mayOpen(r, session))) continue;
      const path = join(parentPath, route);
      if (route.group && route.menuLabel && !route.redirect) {
        links.set(route.group, [...(links.get(route.group) ?? []), { path, label: route.menuLabel }]);
      }
      if (route.children) walk(route.children, path, chain);
    }
  };
  walk(routes, '', []);
  return GROUP_ORDER.filter((group) => links.has(group)).map((group) => ({
    group,
    links: links.get(group) ?? [],
  }));
}

/** The links of one group regardless of roles (the footer's legal links, spec §2). */
export function groupLinks(routes: readonly AppRoute[], group: SidebarGroup): SidebarLink[] {
  const found: SidebarLink[] = [];
  const walk = (level: readonly AppRoute[], parentPath: string) => {
    for (const route of level) {
      const path = join(parentPath, route);
      if (route.group === group && route.menuLabel) found.push({ path, label: route.menuLabel });
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return found;
}
