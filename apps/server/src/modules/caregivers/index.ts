/** The caregivers module's public entry: what the demo seed and other modules may use. */
export { grantMakerOf, grantsOfPatient, insertGrant } from './grant-queries.ts';
export { todayPlusDays } from './grant-terms.ts';
