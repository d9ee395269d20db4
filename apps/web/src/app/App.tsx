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

// Made on the first render rather than when the module loads: the entry chunk's evaluation is
// one long task on a slow phone, and the router (route objects, history, the first match) need
// not be part of it.
let router: ReturnType<typeof createBrowserRouter> | undefined;
function appRouter() {
  router ??= createBrowserRouter([{ element: <AppShell />, children: toRouteObjects(ROUTES) }]);
  return router;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={appRouter()} />
      </Suspense>
    </QueryClientProvider>
  );
}
