import { CLINIC_ADMIN_AUTHS } from '@portal/protocol';
import type { FixtureManifest, RecordedRead } from './manifest.ts';

/**
 * An answer a later migration changes on purpose, for fixtures written before it: the recorded
 * answer becomes the one that migration promises. Each entry names its migration and why, so
 * the upgrade test still fails on any change nobody meant.
 */
interface IntendedChange {
  migration: string;
  why: string;
  path: string;
  expect(answer: unknown): unknown;
}

type UserList = { items: { auths: string[]; roles: string[] }[] };

export const INTENDED_CHANGES: IntendedChange[] = [
  {
    migration: '0010_staff_permissions',
    why: 'every administrator of an earlier release keeps every permission',
    path: '/admin/users/',
    expect: (answer) => {
      const list = answer as UserList;
      return {
        ...list,
        items: list.items.map((user) =>
          user.roles.includes('admin')
            ? { ...user, auths: [...new Set([...user.auths, ...CLINIC_ADMIN_AUTHS])].sort() }
            : user,
        ),
      };
    },
  },
  {
    migration: '0021_device_orders',
    why: 'administrators who manage users or settings (front desk, clinic administrators) gain manage_orders',
    path: '/admin/users/',
    expect: (answer) => {
      const list = answer as UserList;
      return {
        ...list,
        items: list.items.map((user) =>
          user.roles.includes('admin') &&
          user.auths.some((a) => a === 'manage_users' || a === 'manage_settings')
            ? { ...user, auths: [...new Set([...user.auths, 'manage_orders'])].sort() }
            : user,
        ),
      };
    },
  },
];

/**
 * Routes a later release removed on purpose: their recorded reads are not replayed. What they
 * answered is checked through the route that serves it now (recorded, or derived for a release
 * before that route).
 */
const RETIRED_ROUTES: { route: RegExp; why: string }[] = [
  {
    route: /^\/admin\/patients\/[^/]+\/bf_adl\/$/,
    why: "staff read a patient's BF-ADL in the chart's bf_adl section, one read with one audit action",
  },
];

/** Whether the upgrade test replays a recorded read: every route but the retired ones. */
export const replayed = (read: RecordedRead) => !RETIRED_ROUTES.some((r) => r.route.test(read.path));

/** The answer a fixture's read must give today: as recorded, then as each later migration meant it. */
export function expectedAnswer(manifest: FixtureManifest, read: RecordedRead): unknown {
  return INTENDED_CHANGES.filter(
    (c) => c.path === read.path && c.migration > manifest.newest_migration,
  ).reduce((answer, change) => change.expect(answer), read.answer);
}
