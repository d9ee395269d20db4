import { FLOOR_ROW, FLOOR_UID } from '../floor-identity.ts';
import type { Scenario } from '../scenario.ts';
import { PROFILE_READ_CONNECTIONS } from './profile-read.ts';

/**
 * floor-server.ts under the profile read's load, right before it: what a sealed read's
 * database work alone (session checked, record read, read audited) reaches on this machine at
 * this moment. No target of its own: the profile read is judged against it.
 */
export function floorScenario(floorUrl: string): Scenario {
  return {
    ...FLOOR_ROW,
    connections: PROFILE_READ_CONNECTIONS,
    load: { url: `${floorUrl}/profile/`, headers: { uid: FLOOR_UID } },
  };
}
