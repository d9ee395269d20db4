import { sql } from 'drizzle-orm';
import { CLINIC_ADMIN_AUTHS, STAFF_PRESETS } from '@portal/protocol';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertAccount } from '../modules/auth/index.ts';
import { savePatientResource } from '../modules/patient/index.ts';
import { seedDemoThread } from './seed-messages.ts';
import { seedDemoDocuments } from './seed-documents.ts';
import { seedDemoCaregiver } from './seed-caregivers.ts';
import { seedDemoOrders } from './seed-orders.ts';

/**
 * One patient, their caregiver and one administrator of each staff preset,
 * printed at start and in the README.
 */
export const DEMO_ACCOUNTS = [
  {
    label: 'patient',
    email: 'patient@example.com',
    password: 'Patient-demo-2025',
    firstName: 'Pat',
    lastName: 'Example',
    roles: ['user'],
    auths: [],
    dateOfBirth: '1958-04-12',
  },
  {
    // The patient's daughter, who may act for them (every scope, signing included).
    label: 'caregiver (daughter)',
    email: 'caregiver@example.com',
    password: 'Caregiver-demo-2025',
    firstName: 'Lin',
    lastName: 'Example',
    roles: ['user'],
    auths: [],
    dateOfBirth: null,
  },
  {
    label: 'clinic administrator',
    email: 'admin@example.com',
    password: 'Admin-demo-2025',
    firstName: 'Alex',
    lastName: 'Admin',
    roles: ['admin'],
    auths: CLINIC_ADMIN_AUTHS,
    dateOfBirth: null,
  },
  {
    label: 'front desk',
    email: 'frontdesk@example.com',
    password: 'Frontdesk-demo-2025',
    firstName: 'Fran',
    lastName: 'Desk',
    roles: ['admin'],
    auths: ['admin', ...STAFF_PRESETS.front_desk],
    dateOfBirth: null,
  },
  {
    label: 'clinician',
    email: 'clinician@example.com',
    password: 'Clinician-demo-2025',
    firstName: 'Chris',
    lastName: 'Clinician',
    roles: ['admin'],
    auths: ['admin', ...STAFF_PRESETS.clinician],
    dateOfBirth: null,
  },
] as const;

// Any fixed 64-bit number: serialises the seed of nodes that start together on one empty database.
const SEED_LOCK_ID = 7_302_114_222;

const userCount = async (db: Queryable) =>
  (await db.select({ count: sql<number>`count(*)::int` }).from(users))[0]?.count ?? 0;

// The demo passwords are public and fixed, so one hash of each serves every database this process
// seeds: a test process seeds hundreds, each at argon2's full cost otherwise.
let demoHashes: Promise<string[]> | undefined;
const demoPasswordHashes = () =>
  (demoHashes ??= Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password))));

/**
 * Outside production, an empty database gets the demo patient and staff (README lists them).
 * One transaction under a lock: of several nodes starting together exactly one seeds, and a
 * crash midway leaves the database empty for the next start rather than half seeded.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  if ((await userCount(ctx.db)) > 0) return false;
  const hashes = await demoPasswordHashes();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await userCount(tx)) > 0) return false;
    const ids = new Map<string, string>();
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const holder = { email: account.email, first_name: account.firstName, last_name: account.lastName };
      const userId = (await insertAccount(tx, holder, {
        passwordHash: hashes[i]!,
        roles: [...account.roles],
        auths: [...account.auths],
        emailVerifiedAt: ctx.now(),
      }))!;
      ids.set(account.email, userId);
      if (account.dateOfBirth) {
        await savePatientResource(ctx, tx, userId, 'profile', {
          first_name: account.firstName,
          last_name: account.lastName,
          date_of_birth: account.dateOfBirth,
        });
      }
    }
    const patientId = ids.get('patient@example.com')!;
    const adminId = ids.get('admin@example.com')!;
    await seedDemoDocuments(ctx, tx, patientId, adminId);
    await seedDemoThread(ctx, tx, patientId, adminId);
    const caregiverEmail = 'caregiver@example.com';
    await seedDemoCaregiver(ctx, tx, patientId, { id: ids.get(caregiverEmail)!, email: caregiverEmail });
    await seedDemoOrders(ctx, tx, patientId, {
      clinicianId: ids.get('clinician@example.com')!,
      frontDeskId: ids.get('frontdesk@example.com')!,
    });
    return true;
  });
}
