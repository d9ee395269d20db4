/** The caregivers module's public entry: what the demo seed and other modules may use. */
export { issueInvitation, ACCEPT_ROUTE } from './grant-invitation.ts';
