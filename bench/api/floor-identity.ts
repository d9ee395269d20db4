/** The handshake uid the floor server seeds and the floor scenario sends (protocol.md §2's shape). */
export const FLOOR_UID = 'bench-floor-handshake-0000000001';
