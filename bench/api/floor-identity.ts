/** The handshake uid the floor server seeds and the floor scenario sends (protocol.md §2's shape). */
export const FLOOR_UID = 'bench-floor-handshake-0000000001';

/** The floor's row in the report, which the profile read is judged against. */
export const FLOOR_ROW = {
  name: 'read floor',
  request: 'GET /profile/ (Fastify + pg, 3 statements)',
} as const;
