/** The events module's public entry: what other modules may use. */
export { queueEvent } from './event-queries.ts';
