// The messages feature's public entry: the messenger the signed-in layout hosts, and its events.
export { onMessageEvent } from './message-events.ts';
export { isPatient, MessengerHost } from './MessengerHost.tsx';
