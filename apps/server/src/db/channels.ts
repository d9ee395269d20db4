/** The channel migration 0009's triggers notify. */
export const LIVENESS_CHANNEL = 'portal_auth';
