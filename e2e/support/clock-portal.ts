import { test as base } from '@playwright/test';
import { startTestPortal, type TestPortal } from '@portal/server/testing';

/**
 * Journeys that need the server's clock to move ("a week later", an idle timeout) run their own
 * portal in the test worker (the server's test portal: fresh database, demo accounts, the built
 * web app) and move that portal's clock directly, rather than give the real server a clock it
 * could be told to move.
 */
export const clockPortalTest = base.extend<{ portal: TestPortal }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  portal: async ({}, use) => {
    const portal = await startTestPortal();
    await use(portal);
    await portal.close();
  },
  baseURL: async ({ portal }, use) => use(portal.baseUrl),
});
