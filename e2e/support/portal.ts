/** Where the server under test runs and what it was seeded with (apps/server demo data). */
export const PORT = process.env.PORTAL_E2E_PORT;
export const BASE_URL = `http://localhost:${PORT}`;
export const DATA_DIR = process.env.PORTAL_E2E_DATA_DIR ?? '';

export const PATIENT = { email: 'patient@example.com', password: 'Patient-demo-2025', firstName: 'Pat' };
export const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-2025', firstName: 'Alex' };
export const FRONT_DESK = {
  email: 'frontdesk@example.com',
  password: 'Frontdesk-demo-2025',
  firstName: 'Fran',
};
export const CLINICIAN = {
  email: 'clinician@example.com',
  password: 'Clinician-demo-2025',
  firstName: 'Chris',
};

/** Browser storage names of the web app (apps/web/src/api/storage-keys.ts). */
export const STORAGE = {
  authCookie: 'portal_auth',
  userInfo: 'portal.user',
  handshake: 'portal.handshake',
  locale: 'portal.locale',
} as const;
