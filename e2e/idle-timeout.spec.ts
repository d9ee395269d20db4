import { expect } from '@playwright/test';
import { DEMO_PATIENT } from '@portal/server/testing';
import { clockPortalTest as test, setIdleTimeout } from './support/clock-portal.ts';
import { expectOnLogin, notices, signIn } from './support/session.ts';

const MINUTE = 60_000;

test('an open portal left alone past the idle timeout signs out on its next request with Session Expired', async ({
  page,
  portal,
}) => {
  // Shorter than the 15-minute access token, so only the idle timeout can end this session.
  await setIdleTimeout(portal, 5);

  // Listening from the start: the app polls once as it opens, then only every 10 s.
  const polls: number[] = [];
  const refusals: number[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/backend/api/v1/')) return;
    // A request still answering as the test closes the page has no body left to read, and it is
    // not one of the answers this test is about.
    const body = (await response.json().catch(() => undefined)) as { code: number } | undefined;
    if (!body) return;
    if (response.url().includes('/patient/event/')) polls.push(body.code);
    if (response.status() === 401) refusals.push(body.code);
  });
  await signIn(page, DEMO_PATIENT);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect.poll(() => polls).toContain(0);

  // The app keeps polling every 10 s on its own; that is not use. Its next request after the
  // limit, the poll or a page query, is refused.
  portal.clock.advance(6 * MINUTE);
  await expect(notices(page)).toContainText('Session Expired - You need to sign in again to continue.', {
    timeout: 20_000,
  });
  await expectOnLogin(page);
  await expect.poll(() => refusals).toContain(10401);
});
