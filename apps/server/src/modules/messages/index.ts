/** The messages module's public entry: what the app, the demo seed and other modules may use. */
export { noticeToClinic } from './clinic-notices.ts';
export { appendMessage, ensurePatientThread } from './message-queries.ts';
export { postPatientMessage } from './send-patient-message.ts';
export { zendeskCspPlugin } from './zendesk-csp.ts';
