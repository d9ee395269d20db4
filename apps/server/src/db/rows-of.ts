/** The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
