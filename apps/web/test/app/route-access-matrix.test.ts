import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/api/session.ts';
import type { Role } from '../../src/api/user-info.ts';
import { STAFF_PRESETS } from '@portal/protocol';
import { STAFF_PAGES, type PagePermission } from '../../src/api/staff-pages.ts';
import { decideAccess } from '../../src/app/access.ts';
import { ROUTES } from '../../src/app/route-table.ts';
import type { AppRoute } from '../../src/app/route-types.ts';

/**
 * The web half of the attack suite's access matrix: every page of the route table × every
 * kind of visitor → the guard's decision, derived from the table itself so a page added
 * later is judged too. The server refuses the data regardless (apps/server/test/attacks).
 */

/** Screens anyone may open without signing in; any other page must require a session. */
const PUBLIC_PAGES = new Set([
  '/auth/login',
  '/auth/signup',
  '/auth/recover-password',
  '/auth/recover-password-email',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/accept-invite',
  '/auth/network-issue',
  '/auth/terms-of-use',
  '/auth/privacy-notice',
  // Decision 0023: signed out, it explains and leads to sign-in; its data needs a session.
  '/caregiver/accept',
]);

interface Page {
  path: string;
  chain: AppRoute[];
}

/** Every page (a route with a component and no children of its own) with its chain of ancestors. */
function pages(routes: readonly AppRoute[], parents: AppRoute[] = [], base = ''): Page[] {
  return routes.flatMap((route) => {
    const segment = route.index ? '' : (route.path ?? '');
    const path = segment.startsWith('/') ? segment : `${base.replace(/\/$/, '')}/${segment}`;
    const chain = [...parents, route];
    if (route.children) return pages(route.children, chain, path);
    return route.component ? [{ path: path.replace(/\/+$/, '') || '/', chain }] : [];
  });
}

function session(roles: Role[], permissions: readonly string[] = []): Session {
  const user = {
    refresh: 'r',
    expires: 0,
    username: 'someone@example.com',
    roles,
    auths: roles.includes('admin') ? ['admin', ...permissions] : [],
    first_name: 'Sam',
    insurance_type: null,
    keep: false,
  };
  return { access: 'a', expires: 0, refresh: 'r', user } as Session;
}

const VISITORS: Record<string, Session | null> = {
  'no session': null,
  patient: session(['user']),
  'an administrator without permissions': session(['admin']),
  'the front desk preset': session(['admin'], STAFF_PRESETS.front_desk),
  'the clinician preset': session(['admin'], STAFF_PRESETS.clinician),
  'the clinic administrator preset': session(['admin'], STAFF_PRESETS.clinic_admin),
};

/** Where an administrator lands: the first staff page their permissions open, in sidebar order. */
function expectedAdminHome(auths: readonly string[]): string {
  const holds = (needed: PagePermission) =>
    (typeof needed === 'string' ? [needed] : needed).some((p) => auths.includes(p));
  return Object.values(STAFF_PAGES).find((page) => holds(page.permission))?.path ?? '/account';
}

const ALL = pages(ROUTES);

describe('web route guards × visitors (derived from the route table)', () => {
  it('finds the pages of every area', () => {
    const paths = ALL.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/welcome', '/users', '/auth/login', '/account']));
  });

  it('requires a session on every page but the listed public ones, with explicit roles at every level', () => {
    const open = ALL.filter((p) => !p.chain.some((r) => r.requiresAuth)).map((p) => p.path);
    expect(open.sort()).toEqual([...PUBLIC_PAGES].sort());
    const implicit = ALL.filter((p) => p.chain.some((r) => r.requiresAuth))
      .filter((p) => p.chain.some((r) => r.component && !r.roles?.length))
      .map((p) => p.path);
    expect(implicit, 'signed-in pages whose roles fall back to the default').toEqual([]);
  });

  it.each(Object.entries(VISITORS))('decides every page for a visitor with %s', (_, visitor) => {
    const wrong: string[] = [];
    for (const { path, chain } of ALL) {
      const decision = decideAccess(chain, visitor);
      const needsSession = chain.some((r) => r.requiresAuth);
      const roles = visitor?.user.roles ?? [];
      const auths = visitor?.user.auths ?? [];
      const rolesMet = chain.every((r) => !r.roles?.length || r.roles.some((role) => roles.includes(role)));
      const permitted = chain.every(
        (r) =>
          !r.permission ||
          (typeof r.permission === 'string' ? [r.permission] : r.permission).some((p) => auths.includes(p)),
      );
      let expected: string;
      if (!needsSession) expected = 'allow';
      else if (!visitor) expected = '/auth';
      else if (path === '/welcome' && roles.includes('admin')) expected = expectedAdminHome(auths);
      else expected = rolesMet && permitted ? 'allow' : '/auth';
      const got = decision.kind === 'allow' ? 'allow' : decision.to;
      if (got !== expected) wrong.push(`${path}: ${got}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has every administration page need a staff permission', () => {
    const unguarded = ALL.filter((p) => p.chain.some((r) => r.roles?.length === 1 && r.roles[0] === 'admin'))
      .filter((p) => !p.chain.some((r) => r.permission))
      .map((p) => p.path);
    expect(unguarded).toEqual([]);
  });

  it('lets the front desk and the clinician open users, messages, the documents library and (the desk) the equipment catalogue only', () => {
    const openTo = (visitor: Session) =>
      ALL.filter((p) => p.chain.some((r) => r.permission))
        .filter((p) => decideAccess(p.chain, visitor).kind === 'allow')
        .map((p) => p.path)
        .sort();
    const staffPages = ['/document-library', '/document-library/:id', '/messages', '/users', '/users/:id'];
    expect(openTo(VISITORS['the front desk preset']!)).toEqual(
      [...staffPages, '/equipment-catalogue'].sort(),
    );
    expect(openTo(VISITORS['the clinician preset']!)).toEqual(staffPages);
    expect(openTo(VISITORS['the clinic administrator preset']!)).toEqual([
      '/api-clients',
      '/audit',
      '/document-library',
      '/document-library/:id',
      '/equipment-catalogue',
      '/messages',
      '/settings',
      '/users',
      '/users/:id',
      '/webhooks',
    ]);
    expect(openTo(VISITORS['an administrator without permissions']!)).toEqual([]);
  });

  it('never opens an administration page to a patient, nor a patient page to an administrator', () => {
    const patient = VISITORS.patient!;
    const admin = VISITORS['the clinic administrator preset']!;
    for (const { path, chain } of ALL) {
      const adminOnly = chain.some((r) => r.roles?.length === 1 && r.roles[0] === 'admin');
      const patientOnly = chain.some((r) => r.roles?.length === 1 && r.roles[0] === 'user');
      if (adminOnly) expect(decideAccess(chain, patient), path).not.toEqual({ kind: 'allow' });
      if (patientOnly) expect(decideAccess(chain, admin), path).not.toEqual({ kind: 'allow' });
    }
  });
});
