import { afterEach, describe, expect, test } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { render } from 'vitest-browser-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CaregiversOverview } from '@portal/protocol';
import { setActingFor } from '../../../src/api/acting-for.ts';
import { clearSession, storeTokens } from '../../../src/api/session.ts';
import SignedInLayout from '../../../src/app/layout/SignedInLayout.tsx';
import { ROUTES } from '../../../src/app/route-table.ts';
import type { AppRoute } from '../../../src/app/route-types.ts';
import { i18next } from '../../../src/i18n/index.ts';
import { PUBLIC_CONFIG } from '../../../testing/signed-in.ts';
import { margaretGrant } from '../../../testing/acting-for.ts';

const USERNAME = 'dana@example.com';
const MARGARET = margaretGrant(['view_intake', 'view_documents', 'view_assessments']);

/**
 * The signed-in layout over the real route table's entries (their access data), each page a
 * stand-in that says which it is: what is judged is whether the layout shows it.
 */
function routesOf(table: readonly AppRoute[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const handle = { route };
    const element = route.children ? <Outlet /> : <p>{`page ${route.name ?? route.path}`}</p>;
    if (route.index) return { index: true, element, handle };
    return { path: route.path, handle, element, children: route.children && routesOf(route.children) };
  });
}

async function open(url: string, isPatient: boolean) {
  await i18next.changeLanguage('gb');
  storeTokens(
    {
      access: 'access',
      refresh: 'refresh',
      expires: Math.floor(Date.now() / 1000) + 3_600,
      mfa: false,
      username: USERNAME,
      roles: ['user'],
      auths: [],
      first_name: 'Dana',
      insurance_type: null,
    },
    false,
  );
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['public-config'], PUBLIC_CONFIG);
  client.setQueryData(['caregivers', USERNAME, 'overview'], {
    given: [],
    received: [MARGARET],
    representative_signing_allowed: false,
    is_patient: isPatient,
  } satisfies CaregiversOverview);
  const welcome = ROUTES[0]!.children!.find((route) => route.path === 'welcome')!;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <SignedInLayout />,
        handle: { route: ROUTES[0] },
        children: [{ index: true, element: <p>page root</p> }, ...routesOf([welcome])],
      },
    ],
    { initialEntries: [url] },
  );
  const screen = await render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { screen, router };
}

afterEach(() => {
  setActingFor(null);
  clearSession('logout');
});

const DEEP_LINKS = [
  '/welcome/intake-form',
  '/welcome/reference-documents',
  '/welcome/documents',
  '/welcome/documents/8e4d3c2b-1a0f-4e9d-8c7b-000000000001',
  '/welcome/bf-adl',
];

describe('deep links of a caregiver-only account (decision 0032)', () => {
  for (const url of DEEP_LINKS) {
    test(`${url} leads home when no record is open`, async () => {
      const { screen, router } = await open(url, false);
      await expect.element(screen.getByText('page root')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(screen.container.textContent).not.toMatch(
        /page (intake-form|reference-documents|documents|document|BF-ADL)\b/,
      );
    });
  }

  test('the same link opens the page while acting for a patient', async () => {
    setActingFor(MARGARET.patient_id);
    const { screen, router } = await open('/welcome/intake-form', false);
    await expect.element(screen.getByText('page intake-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome/intake-form');
  });

  test('a patient who helps someone opens their own page', async () => {
    const { screen } = await open('/welcome/bf-adl', true);
    await expect.element(screen.getByText('page BF-ADL')).toBeInTheDocument();
  });
});

describe('the signed-in layout', () => {
  test("starts a short page's footer below the fold, where its data arriving cannot move it in view", async () => {
    const { screen } = await open('/', true);
    await expect.element(screen.getByText('page root')).toBeInTheDocument();
    const footer = screen.container.querySelector('footer')!;
    expect(footer.getBoundingClientRect().top).toBeGreaterThanOrEqual(window.innerHeight);
  });
});
