import { FLOOR_ROW, FLOOR_UID, SEALED_FLOOR_ROW } from '../floor-identity.ts';
import type { Scenario } from '../scenario.ts';
import { PROFILE_READ_CONNECTIONS } from './profile-read.ts';

/**
 * floor-server.ts's `/profile/` under the profile read's load: what a sealed read's database
 * work alone (session checked, record read, read audited) reaches on this machine at this
 * moment. No target of its own: the profile read's former yardstick, printed beside it.
 */
export function floorScenario(floorUrl: string): Scenario {
  return {
    ...FLOOR_ROW,
    connections: PROFILE_READ_CONNECTIONS,
    load: { url: `${floorUrl}/profile/`, headers: { uid: FLOOR_UID } },
  };
}

/**
 * floor-server.ts's `/sealed-profile/`, right before the profile read: the read floor plus the
 * protocol's cryptography of one read. No target of its own: the profile read is judged against it.
 */
export function sealedFloorScenario(floorUrl: string): Scenario {
  return {
    ...SEALED_FLOOR_ROW,
    connections: PROFILE_READ_CONNECTIONS,
    load: { url: `${floorUrl}/sealed-profile/`, headers: { uid: FLOOR_UID } },
  };
}
