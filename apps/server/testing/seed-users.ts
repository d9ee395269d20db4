import type { UserStatus } from '@portal/protocol';
import { sessions, users } from '../src/db/schema/index.ts';
import type { Database } from '../src/db/database.ts';

const FIRST = [
  'Maria',
  'James',
  'Wei',
  'Fatima',
  'John',
  'Aiko',
  'Olga',
  'Pedro',
  'Amara',
  'Liam',
  'Sofia',
  'Chen',
];
const LAST = [
  'Garcia',
  'Smith',
  'Wang',
  'Khan',
  'Johnson',
  'Sato',
  'Ivanova',
  'Silva',
  'Okafor',
  'Brown',
  'Rossi',
  'Li',
];
const STATUSES: UserStatus[] = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'invited',
  'locked',
  'deactivated',
];
const BATCH = 1000;

/** Deterministic pseudo-random numbers, so every run seeds the same population. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * `count` users with realistic spread: twelve first and last names (so a name search matches
 * about one in twelve), a few admins, every status, and a session (last login) for most.
 */
export async function seedUsers(db: Database, count: number): Promise<void> {
  const random = generator(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const start = Date.parse('2023-01-01T00:00:00Z');
  const span = 2 * 365 * 86_400_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) => {
      const n = offset + i;
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      return {
        email: `${firstName}.${lastName}.${n}@patients.example`.toLowerCase(),
        firstName,
        lastName,
        roles: n % 500 === 0 ? ['admin'] : ['user'],
        status: pick(STATUSES),
        createdAt: new Date(start + random() * span),
      };
    });
    const inserted = await db
      .insert(users)
      .values(rows)
      .returning({ id: users.id, createdAt: users.createdAt });
    const withLogin = inserted.filter(() => random() < 0.7);
    await db.insert(sessions).values(
      withLogin.map((u) => ({
        userId: u.id,
        uid: `bench-${u.id}`,
        createdAt: new Date(u.createdAt.getTime() + random() * 30 * 86_400_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
  }
}
