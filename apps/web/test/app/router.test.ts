import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nReady } from '../../src/i18n/index.ts';
import { toRouteObjects } from '../../src/app/router.tsx';

const host = document.createElement('div');
document.body.append(host);
let unmount = () => {};

afterEach(() => unmount());

describe('router built from the table', () => {
  it('renders the not-found page for a route with no component (spec §2)', async () => {
    await i18nReady;
    const router = createMemoryRouter(
      toRouteObjects([{ path: '/', children: [{ path: 'ghost', name: 'ghost' }] }]),
      {
        initialEntries: ['/ghost'],
      },
    );
    const root = createRoot(host);
    unmount = () => act(() => root.unmount());
    await act(async () => root.render(createElement(RouterProvider, { router })));
    await expect.poll(() => host.querySelector('h1')?.textContent).toBe("This page's gone fishing");
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('forwards redirect entries (empty /auth → login)', async () => {
    const router = createMemoryRouter(
      toRouteObjects([
        {
          path: '/auth',
          children: [
            { index: true, redirect: 'login' },
            { path: 'login', name: 'login' },
          ],
        },
      ]),
      { initialEntries: ['/auth'] },
    );
    const root = createRoot(host);
    unmount = () => act(() => root.unmount());
    await act(async () => root.render(createElement(RouterProvider, { router })));
    await expect.poll(() => router.state.location.pathname).toBe('/auth/login');
  });
});
