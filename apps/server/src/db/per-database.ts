import type { Database } from './database.ts';

/**
 * One value per database handle, built on its first use: a prepared statement belongs to the
 * handle it was prepared on, and tests and tools open several handles in one process.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
