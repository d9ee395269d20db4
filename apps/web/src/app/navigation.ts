import type { Session } from '../api/session.ts';
import { mayOpen } from './access.ts';
import type { AppRoute, SidebarGroup } from './route-types.ts';

export interface SidebarLink {
  path: string;
  label: string;
  /**
   * Full paths (router patterns) of the routes with no sidebar entry of their own that belong to
   * this link: `/users/:id` belongs to Users, so the sidebar still shows where the user is.
   */
  owns: string[];
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

const listed = (route: AppRoute) => Boolean(route.group && route.menuLabel && !route.redirect);

/**
 * spec §2: the sidebar lists only routes allowed for the user's roles, grouped. A route without
 * an entry belongs to its level's index entry, else to the nearest entry above it.
 */
export function sidebarSections(routes: readonly AppRoute[], session: Session | null): SidebarSection[] {
  const links = new Map<SidebarGroup, SidebarLink[]>();
  const byPath = new Map<string, SidebarLink>();
  const linkOf = (route: AppRoute, path: string): SidebarLink => {
    const known = byPath.get(path);
    if (known) return known;
    const link: SidebarLink = { path, label: route.menuLabel!, owns: [] };
    byPath.set(path, link);
    links.set(route.group!, [...(links.get(route.group!) ?? []), link]);
    return link;
  };
  const walk = (
    level: readonly AppRoute[],
    parentPath: string,
    ancestors: readonly AppRoute[],
    owner: SidebarLink | undefined,
  ) => {
    const allowed = (route: AppRoute) => [...ancestors, route].every((r) => mayOpen(r, session));
    const index = level.find((route) => route.index && listed(route) && allowed(route));
    const levelOwner = index ? linkOf(index, join(parentPath, index)) : owner;
    for (const route of level) {
      if (!allowed(route)) continue;
      const path = join(parentPath, route);
      const link = listed(route) ? linkOf(route, path) : undefined;
      if (levelOwner && !link && !route.redirect && route.component && path !== levelOwner.path) {
        levelOwner.owns.push(path);
      }
      if (route.children) walk(route.children, path, [...ancestors, route], link ?? levelOwner);
    }
  };
  walk(routes, '', [], undefined);
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
      if (route.group === group && route.menuLabel) found.push({ path, label: route.menuLabel, owns: [] });
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return found;
}
