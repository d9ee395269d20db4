import { describe, expect, it } from 'vitest';
import { CLINIC_ADMIN_AUTHS, STAFF_PRESETS } from '@portal/protocol';
import type { Session } from '../../src/api/session.ts';
import type { Role } from '../../src/api/user-info.ts';
import { groupLinks, sidebarSections } from '../../src/app/navigation.ts';
import { ROUTES } from '../../src/app/route-table.ts';

function session(
  roles: Role[],
  auths: readonly string[] = roles.includes('admin') ? CLINIC_ADMIN_AUTHS : [],
): Session {
  const user = {
    refresh: 'r',
    expires: 0,
    username: 'u',
    roles,
    auths: [...auths],
    first_name: 'U',
    insurance_type: null,
    keep: false,
  };
  return { access: 'a', expires: 0, refresh: 'r', user };
}

describe('sidebar derived from the route table', () => {
  const paths = (roles: Role[]) =>
    Object.fromEntries(
      sidebarSections(ROUTES, session(roles)).map((s) => [s.group, s.links.map((l) => l.path)]),
    );

  it('lists only the routes an administrator may open, grouped', () => {
    const sections = paths(['admin']);
    expect(Object.keys(sections)).toEqual(['administration', 'legal']);
    expect(sections.administration).toEqual(expect.arrayContaining(['/users', '/settings']));
    expect(sections.legal).toEqual([
      '/privacy-notice/',
      '/notice-of-privacy-practices/',
      '/terms-of-use/',
      '/accessibility-statement/',
    ]);
  });

  it('lists the patient screens, in table order, for a user with both roles', () => {
    const sections = paths(['user', 'admin']);
    expect(Object.keys(sections)).toEqual(['patient', 'administration', 'legal']);
    expect(sections.patient?.[0]).toBe('/welcome');
    expect(sections.patient).toEqual(
      expect.arrayContaining(['/welcome/intake-form', '/welcome/reference-documents', '/welcome/bf-adl']),
    );
  });

  it("marks Users as the place of a user detail page: unlisted routes belong to their level's entry", () => {
    const links = sidebarSections(ROUTES, session(['admin'])).flatMap((s) => s.links);
    expect(links.find((l) => l.path === '/users')?.owns).toEqual(['/users/:id']);
    expect(links.find((l) => l.path === '/settings')?.owns).toEqual([]);
  });

  it('lists for staff only the administration pages their permissions open', () => {
    const administration = (auths: readonly string[]) =>
      sidebarSections(ROUTES, session(['admin'], auths))
        .find((s) => s.group === 'administration')
        ?.links.map((l) => l.path) ?? [];
    expect(administration(['admin', ...STAFF_PRESETS.front_desk])).toEqual([
      '/users',
      '/messages',
      '/document-library',
      '/equipment-catalogue',
    ]);
    expect(administration(['admin', ...STAFF_PRESETS.clinician])).toEqual([
      '/users',
      '/messages',
      '/document-library',
    ]);
    expect(administration(['admin', 'manage_documents'])).toEqual(['/document-library']);
    expect(administration(['admin', 'answer_messages'])).toEqual(['/messages']);
    expect(administration(['admin', 'manage_orders'])).toEqual(['/equipment-catalogue']);
    expect(administration(CLINIC_ADMIN_AUTHS)).toEqual([
      '/users',
      '/messages',
      '/document-library',
      '/equipment-catalogue',
      '/settings',
      '/api-clients',
      '/webhooks',
      '/audit',
    ]);
    expect(administration(['admin'])).toEqual([]);
  });

  it('shows a patient no administration links', () => {
    expect(Object.keys(paths(['user']))).toEqual(['patient', 'legal']);
  });

  it('gives the footer the four legal pages (spec §2)', () => {
    expect(groupLinks(ROUTES, 'legal').map((l) => l.path)).toEqual([
      '/privacy-notice/',
      '/notice-of-privacy-practices/',
      '/terms-of-use/',
      '/accessibility-statement/',
    ]);
  });
});
