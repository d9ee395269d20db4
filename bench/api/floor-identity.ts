/** The handshake uid the floor server seeds and the floor scenarios send (protocol.md §2's shape). */
export const FLOOR_UID = 'bench-floor-handshake-0000000001';

/** The read floor's row in the report: the profile read's former yardstick, printed beside it. */
export const FLOOR_ROW = {
  name: 'read floor',
  request: 'GET /profile/ (Fastify + pg, 3 statements)',
} as const;

/** The sealed read floor's row, which the profile read is judged against. */
export const SEALED_FLOOR_ROW = {
  name: 'sealed read floor',
  request: 'GET /sealed-profile/ (read floor + Z, record decrypted, answer sealed)',
} as const;
