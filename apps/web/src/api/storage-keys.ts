/** Every browser storage name the web app uses, in one place so logout can clear them all. */
export const StorageKeys = {
  authCookie: 'portal_auth',
  userInfo: 'portal.user',
  handshake: 'portal.handshake',
  locale: 'portal.locale',
  sidebar: 'portal.sidebar',
} as const;
