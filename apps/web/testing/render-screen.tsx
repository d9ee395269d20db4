import { vi } from 'vitest';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { cleanup, render } from 'vitest-browser-react';
import { storeTokens } from '../src/api/session.ts';
import { i18next } from '../src/i18n/index.ts';
import type { AppLocale } from '../src/i18n/locale.ts';

export interface ScreenOptions {
  locale?: AppLocale;
  /**
   * Server answers already in the cache under the keys the screen's hooks ask for: the screen
   * renders what the server would have sent, and no request leaves the page for them.
   */
  data?: readonly (readonly [QueryKey, unknown])[];
  /** The address the screen opens at: the tables keep their state in it. */
  url?: string;
  /** A signed-in staff member holding these permissions (the row actions depend on them). */
  staff?: { email: string; auths: readonly string[] };
}

function signIn({ email, auths }: NonNullable<ScreenOptions['staff']>): void {
  storeTokens(
    {
      access: 'access',
      refresh: 'refresh',
      expires: Math.floor(Date.now() / 1000) + 3_600,
      mfa: false,
      username: email,
      roles: ['admin'],
      auths: [...auths],
      first_name: 'Alex',
      insurance_type: null,
    },
    false,
  );
}

let lastClient: QueryClient | undefined;

/**
 * Closes the last rendered screen once nothing it asked for is in flight: a refetch it started
 * (after a write, or on the window's focus, which the test runner moves) must not reach the next
 * test's server, nor start a handshake that test's sign-in would join, after this test signed out.
 */
export async function closeScreen(): Promise<void> {
  const client = lastClient;
  if (!client) return;
  await vi.waitFor(() => {
    if (client.isFetching() + client.isMutating() > 0) throw new Error('requests in flight');
  });
  await cleanup();
  lastClient = undefined;
}

/** Renders a screen as the app does: strings in the chosen locale, a router, a query client. */
export async function renderScreen(ui: ReactNode, options: ScreenOptions = {}) {
  await i18next.changeLanguage(options.locale ?? 'gb');
  if (options.staff) signIn(options.staff);
  const client = new QueryClient({
    // What the test put in the cache is what the server said; nothing is fetched again.
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } },
  });
  for (const [key, value] of options.data ?? []) client.setQueryData(key, value);
  lastClient = client;
  // A wrapper, not an enclosing tree, so a test's rerender keeps the client and the router.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[options.url ?? '/']}>
        <Suspense fallback={null}>{children}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}
