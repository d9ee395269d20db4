/** Every browser storage name the web app uses, in one place so logout can clear them all. */
export const StorageKeys = {
  authCookie: 'portal_auth',
  userInfo: 'portal.user',
  handshake: 'portal.handshake',
  locale: 'portal.locale',
  sidebar: 'portal.sidebar',
  /** sessionStorage: the messenger panel's open state, per tab (spec §4). */
  messengerOpen: 'portal.messenger.open',
  /** localStorage: when this browser last used the API as the server counts use (decision 0010). */
  lastUse: 'portal.lastUse',
  /** sessionStorage: the patient whose record this tab acts for (decision 0023). */
  actingFor: 'portal.actingFor',
  /** localStorage, with an expiry: where sign-in or sign-up leads back to (a caregiver's invitation link). */
  returnTo: 'portal.returnTo',
} as const;
