import { expect, test as base } from '@playwright/test';
import { DEMO_ADMIN, startTestPortal, type TestPortal } from '@portal/server/testing';

/**
 * Journeys that need the server's clock to move ("a week later", an idle timeout) run their own
 * portal in the test worker (the server's test portal: fresh database, demo accounts, the built
 * web app) and move that portal's clock directly, rather than give the real server a clock it
 * could be told to move.
 */
export const clockPortalTest = base.extend<{ portal: TestPortal }>({
  // Its own limit: starting a portal (a database, the migrations, the demo seed) is not the
  // journey, and on a busy machine it took up to half of the test's 60 s.
  portal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const portal = await startTestPortal();
      await use(portal);
      await portal.close();
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseUrl),
});

/** The portal's idle timeout, set as its administrator sets it on the settings page. */
export async function setIdleTimeout(portal: TestPortal, minutes: number) {
  const admin = await portal.signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const saved = await admin.send({
    method: 'POST',
    path: '/admin/settings/',
    body: { idle_timeout_minutes: minutes },
    encrypt: true,
  });
  expect(saved.status).toBe(200);
}
