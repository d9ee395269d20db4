import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { onSessionEnd } from '../api/session.ts';
import { AppShell } from './AppShell.tsx';
import { ROUTES } from './route-table.ts';
import { toRouteObjects } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // API errors are answers, not flukes: retrying a 403 or a 404 only delays the message.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
      refetchOnWindowFocus: false,
    },
  },
});

// Cached answers hold health data: none may outlive the session that fetched it (shared computers).
onSessionEnd(() => queryClient.clear());

const router = createBrowserRouter([{ element: <AppShell />, children: toRouteObjects(ROUTES) }]);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
