import { FLOOR_UID } from '../floor-identity.ts';
import type { Scenario } from '../scenario.ts';
import { PROFILE_READ_CONNECTIONS } from './profile-read.ts';

/**
 * floor-server.ts under the profile read's load: what a sealed read's database work alone
 * (session checked, record read, read audited) leaves of the bare baseline on this machine.
 * No target: it shows how far the profile read's 30 % target is from what any implementation
 * that does that work could reach.
 */
export const FLOOR_ROW = {
  name: 'read floor',
  request: 'GET /profile/ (Fastify + pg, 3 statements)',
} as const;

export function floorScenario(floorUrl: string): Scenario {
  return {
    ...FLOOR_ROW,
    connections: PROFILE_READ_CONNECTIONS,
    pairedBaseline: true,
    load: { url: `${floorUrl}/profile/`, headers: { uid: FLOOR_UID } },
  };
}
