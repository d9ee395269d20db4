/** The mail module's public entry: what the portal, the CLI and other modules may use. */
export { createMailQueue, type MailQueue } from './mail-queue.ts';
export { createMailer, type Mailer, type MailRequest } from './mailer.ts';
