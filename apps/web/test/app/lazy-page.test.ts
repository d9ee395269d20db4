import { act, createElement, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../src/app/lazy-page.ts';
import { preloadRoute } from '../../src/app/router.tsx';
import { i18next } from '../../src/i18n/index.ts';

const host = document.createElement('div');
document.body.append(host);
let unmount = () => {};
afterEach(() => unmount());

function page(text: string) {
  let loads = 0;
  const component = lazyPage(() => {
    loads += 1;
    return Promise.resolve({ default: () => createElement('p', null, text) });
  });
  return { component, loads: () => loads };
}

/** Every markup the host showed, commit by commit. */
function renderRecording() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => seen.push(host.innerHTML));
  observer.observe(host, { childList: true, subtree: true, characterData: true });
  const root = createRoot(host);
  unmount = () => {
    observer.disconnect();
    act(() => root.unmount());
  };
  return { root, seen };
}

describe('lazy pages', () => {
  it('renders a preloaded page in the first pass, never showing the loading fallback', async () => {
    const { component } = page('Sign in');
    await component.preload();
    const { root, seen } = renderRecording();
    await act(async () =>
      root.render(
        createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(component)),
      ),
    );
    expect(host.textContent).toBe('Sign in');
    expect(seen.join('')).not.toContain('Loading');
  });

  it('still loads a page nobody preloaded, behind the fallback', async () => {
    const { component } = page('Welcome');
    const { root } = renderRecording();
    await act(async () =>
      root.render(
        createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(component)),
      ),
    );
    await expect.poll(() => host.textContent).toBe('Welcome');
  });

  it("loads the page's strings with its code, so its first render does not wait for them", async () => {
    expect(i18next.hasLoadedNamespace('account')).toBe(false);
    const component = lazyPage(
      () => Promise.resolve({ default: () => createElement('p', null, 'Account') }),
      ['account'],
    );
    await component.preload();
    expect(i18next.hasLoadedNamespace('account')).toBe(true);
  });

  it('preloads the layout and the page of the route at a path, and nothing else', async () => {
    const layout = page('layout');
    const login = page('login');
    const signup = page('signup');
    const welcome = page('welcome');
    await preloadRoute(
      [
        {
          path: '/auth',
          component: layout.component,
          children: [
            { path: 'login', component: login.component },
            { path: 'signup', component: signup.component },
          ],
        },
        { path: '/welcome', component: welcome.component },
      ],
      '/auth/login',
    );
    expect([layout.loads(), login.loads(), signup.loads(), welcome.loads()]).toEqual([1, 1, 0, 0]);
  });
});
