/** The messages module's public entry: what other modules may call. */
export { noticeToClinic } from './clinic-notices.ts';
