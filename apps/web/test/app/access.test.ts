import { describe, expect, it } from 'vitest';
import { CLINIC_ADMIN_AUTHS } from '@portal/protocol';
import type { Session } from '../../src/api/session.ts';
import type { Role } from '../../src/api/user-info.ts';
import { homePath, isAdministrator } from '../../src/api/home-path.ts';
import { decideAccess, decideRecordAccess, hasAdminAuth } from '../../src/app/access.ts';
import { ROUTES } from '../../src/app/route-table.ts';
import type { AppRoute } from '../../src/app/route-types.ts';
import { sessionOf } from '../../testing/signed-in.ts';

/** A signed-in account with these roles, holding every clinic staff permission unless `overrides` says otherwise. */
function session(roles: Role[], overrides: Partial<Session['user']> = {}): Session {
  return sessionOf({ username: 'someone@example.com', roles, auths: [...CLINIC_ADMIN_AUTHS], ...overrides });
}

const layout: AppRoute = { path: '/', requiresAuth: true, roles: ['admin', 'user'] };
const home: AppRoute = { path: 'welcome', name: 'home', requiresAuth: true, roles: ['user'] };
const welcome: AppRoute = { index: true, name: 'welcome', requiresAuth: true, roles: ['user'] };
const users: AppRoute = { path: 'users', requiresAuth: true, roles: ['admin'] };
const terms: AppRoute = { path: 'terms-of-use/', requiresAuth: true, roles: ['admin', 'user'] };
const login: AppRoute = { path: 'login', name: 'login' };

describe('route guards (spec §2, §6)', () => {
  it('sends a visitor without a session to /auth', () => {
    expect(decideAccess([layout, home, welcome], null)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideAccess([layout, terms], null)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('lets anyone open the auth screens', () => {
    expect(decideAccess([login], null)).toEqual({ kind: 'allow' });
  });

  it('sends an administrator with a username from welcome to /users', () => {
    expect(decideAccess([layout, home, welcome], session(['admin']))).toEqual({
      kind: 'redirect',
      to: '/users',
    });
    expect(decideAccess([layout, home, welcome], session(['admin', 'user']))).toEqual({
      kind: 'redirect',
      to: '/users',
    });
  });

  it('sends an administrator who may not open /users to the first staff page they may, else /account', () => {
    const inboxOnly = session(['admin'], { auths: ['admin', 'answer_messages'] });
    expect(decideAccess([layout, home, welcome], inboxOnly)).toEqual({ kind: 'redirect', to: '/messages' });
    const nothing = session(['admin'], { auths: ['admin'] });
    expect(decideAccess([layout, home, welcome], nothing)).toEqual({ kind: 'redirect', to: '/account' });
  });

  it('sends an administrator lacking the page permission away as one lacking the role', () => {
    const guarded: AppRoute = { ...users, permission: ['manage_users', 'read_chart'] };
    const clinician = session(['admin'], { auths: ['admin', 'read_chart'] });
    expect(decideAccess([layout, guarded], clinician)).toEqual({ kind: 'allow' });
    const inboxOnly = session(['admin'], { auths: ['admin', 'answer_messages'] });
    expect(decideAccess([layout, guarded], inboxOnly)).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('does not treat an admin role without a username as an administrator', () => {
    const nameless = session(['admin', 'user'], { username: '' });
    expect(isAdministrator(nameless)).toBe(false);
    expect(decideAccess([layout, home, welcome], nameless)).toEqual({ kind: 'allow' });
  });

  it('keeps an administrator who must set up MFA on /account until it is done (protocol.md §10)', () => {
    const account: AppRoute = {
      path: 'account',
      name: 'account',
      requiresAuth: true,
      roles: ['admin', 'user'],
    };
    const mustEnrol = session(['admin'], { mfa_setup_required: true });
    expect(decideAccess([layout, users], mustEnrol)).toEqual({ kind: 'redirect', to: '/account' });
    expect(decideAccess([layout, account], mustEnrol)).toEqual({ kind: 'allow' });
    expect(decideAccess([layout, users], session(['admin'], { mfa_setup_required: false }))).toEqual({
      kind: 'allow',
    });
  });

  it('sends a user lacking a required role to /auth', () => {
    expect(decideAccess([layout, users], session(['user']))).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideAccess([layout, home], session(['admin']))).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('opens pages for both roles to either', () => {
    expect(decideAccess([layout, terms], session(['user']))).toEqual({ kind: 'allow' });
    expect(decideAccess([layout, terms], session(['admin']))).toEqual({ kind: 'allow' });
  });

  it('defaults the roles to user and admin when none are stored', () => {
    expect(decideAccess([layout, users], session([]))).toEqual({ kind: 'allow' });
    expect(decideAccess([layout, home, welcome], session([]))).toEqual({ kind: 'redirect', to: '/users' });
  });

  it('shows the sidebar only to users whose auths include admin', () => {
    expect(hasAdminAuth(session(['admin'], { auths: ['admin'] }))).toBe(true);
    expect(hasAdminAuth(session(['admin'], { auths: [] }))).toBe(false);
    expect(hasAdminAuth(null)).toBe(false);
  });
});

describe('where / leads, named in one step', () => {
  it('is where the guards end from /welcome', () => {
    const cases: Session[] = [
      session(['user']),
      session(['admin']),
      session(['admin', 'user']),
      session(['admin'], { mfa_setup_required: true }),
      session(['user'], { mfa_setup_required: true }),
    ];
    for (const signedIn of cases) {
      const decision = decideAccess([layout, home, welcome], signedIn);
      const end = decision.kind === 'redirect' ? decision.to : '/welcome';
      expect(homePath(signedIn)).toBe(end);
    }
  });
});

/** Every page under `/welcome` with its chain of routes, outermost first, from the route table itself. */
function homePages(): { path: string; chain: AppRoute[] }[] {
  const walk = (
    routes: readonly AppRoute[],
    parents: AppRoute[],
    base: string,
  ): { path: string; chain: AppRoute[] }[] =>
    routes.flatMap((route) => {
      const segment = route.path ?? '';
      const path = route.index
        ? base
        : segment.startsWith('/')
          ? segment
          : `${base.replace(/\/$/, '')}/${segment}`;
      const chain = [...parents, route];
      if (route.children) return walk(route.children, chain, path);
      return route.component ? [{ path, chain }] : [];
    });
  return walk(ROUTES, [], '').filter((page) => page.path.startsWith('/welcome'));
}

describe('the record guard (decision 0032)', () => {
  const pages = homePages();
  const recordPages = pages.filter((page) => page.path !== '/welcome');
  const caregiverOnly = { actingFor: null, isPatient: false };

  it('finds every patient page of the route table', () => {
    expect(recordPages.map((page) => page.path).sort()).toEqual([
      '/welcome/bf-adl',
      '/welcome/documents',
      '/welcome/documents/:id',
      '/welcome/intake-form',
      '/welcome/reference-documents',
    ]);
  });

  it('sends a caregiver-only account from its own patient pages home, and keeps it on home', () => {
    for (const { path, chain } of pages) {
      const expected = path === '/welcome' ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
      expect(decideRecordAccess(chain, caregiverOnly), path).toEqual(expected);
    }
  });

  it('opens the same pages while it acts for a patient (the grant decides), and to a patient', () => {
    for (const { path, chain } of pages) {
      expect(decideRecordAccess(chain, { actingFor: 'patient-id', isPatient: false }), path).toEqual({
        kind: 'allow',
      });
      expect(decideRecordAccess(chain, { actingFor: null, isPatient: true }), path).toEqual({
        kind: 'allow',
      });
    }
  });

  it('waits on a patient page until the account is known, not on home or other pages', () => {
    const unknown = { actingFor: null, isPatient: undefined };
    for (const { path, chain } of recordPages) {
      expect(decideRecordAccess(chain, unknown), path).toEqual({ kind: 'wait' });
    }
    expect(decideRecordAccess([layout, home, welcome], unknown)).toEqual({ kind: 'allow' });
    expect(decideRecordAccess([layout, terms], unknown)).toEqual({ kind: 'allow' });
  });

  it('where it sends a caregiver-only account is where the other guards let it in', () => {
    const caregiverSession = session(['user']);
    expect(decideAccess([layout, home, welcome], caregiverSession)).toEqual({ kind: 'allow' });
    expect(decideRecordAccess([layout, home, welcome], caregiverOnly)).toEqual({ kind: 'allow' });
  });
});
