import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CaregiversOverview, InvitationPreview } from '@portal/protocol';
import { login } from '../../../src/api/auth-api.ts';
import { getActingFor, setActingFor } from '../../../src/api/acting-for.ts';
import { useActingForId } from '../../../src/api/caregiver-grants.ts';
import { clearSession } from '../../../src/api/session.ts';
import AcceptCaregiverPage from '../../../src/features/caregivers/AcceptCaregiverPage.tsx';
import LoginPage from '../../../src/features/auth/LoginPage.tsx';
import SignupPage from '../../../src/features/auth/SignupPage.tsx';
import { i18next } from '../../../src/i18n/index.ts';
import { FakePortalServer } from '../../../testing/fake-portal-server.ts';

const TOKEN = 'invitation-token';
// The account the fake server signs in.
const EMAIL = 'sam@example.com';
const preview: InvitationPreview = {
  patient_id: '00000000-0000-4000-8000-0000000000aa',
  patient_name: 'Ada Lovelace',
  relationship: 'Daughter',
  scopes: ['view_documents'],
  ends_on: '2027-01-31',
};
const overview: CaregiversOverview = {
  given: [],
  received: [{ id: '00000000-0000-4000-8000-0000000000bb', ...preview }],
  representative_signing_allowed: true,
};

/** As the signed-in layout does, the page is mounted afresh when another record opens. */
function PerRecord() {
  return <AcceptCaregiverPage key={useActingForId() ?? 'own'} />;
}

let server: FakePortalServer;
beforeEach(() => {
  server = new FakePortalServer();
  server.answers.set('/account/caregivers/respond/', overview);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  setActingFor(null);
  clearSession('logout');
  vi.unstubAllGlobals();
});

describe('accepting a caregiver invitation', () => {
  test('opens the record and moves on without reading the used invitation again', async () => {
    await i18next.changeLanguage('gb');
    await login({ email: EMAIL, password: 'Correct horse 12', keepLoggedIn: false });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['caregiver-invitation', EMAIL, TOKEN], preview);
    // A data router as the app has: its navigation commits after the record switch re-renders.
    const router = createMemoryRouter(
      [
        { path: '/caregiver/accept', element: <PerRecord /> },
        { path: '/welcome', element: <h1>Welcome</h1> },
      ],
      { initialEntries: [`/caregiver/accept?token=${TOKEN}`] },
    );
    const screen = await render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.getByRole('button', { name: 'Accept' }).click();
    await expect.element(screen.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(getActingFor()).toBe(preview.patient_id);
    expect(server.calls.map((call) => call.path)).not.toContain('/account/caregivers/invitation/');
  });
});

describe('a new caregiver who creates an account from the invitation link', () => {
  test('finds the address filled in, and comes back to the invitation after signing in in another tab', async () => {
    await i18next.changeLanguage('gb');
    server.answers.set('/account/caregivers/invitation/', preview);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invitation = `/caregiver/accept?token=${TOKEN}`;
    const router = createMemoryRouter(
      [
        { path: '/caregiver/accept', element: <AcceptCaregiverPage /> },
        { path: '/auth/signup', element: <SignupPage /> },
        { path: '/auth/login', element: <LoginPage /> },
        { path: '/welcome', element: <h1>Welcome</h1> },
      ],
      { initialEntries: [`${invitation}#email=${encodeURIComponent(EMAIL)}`] },
    );
    const screen = await render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.getByRole('link', { name: 'Create an account' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(EMAIL);

    // The confirmation link opens a new tab: nothing of this tab's session storage is there.
    sessionStorage.clear();
    await router.navigate('/auth/login');
    await screen.getByRole('textbox', { name: 'E-mail address' }).fill(EMAIL);
    await screen.getByLabelText('Password', { exact: true }).fill('Correct horse 12');
    await screen.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => `${router.state.location.pathname}${router.state.location.search}`)
      .toBe(invitation);
  });
});
