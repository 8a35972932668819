import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiRequestError } from './lib/api';
import { applyTheme } from './lib/theme';
import { routeTree } from './route-tree.gen';
import './styles.css';

applyTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Live events keep data fresh; refetch on focus covers a tab that slept.
      staleTime: 10_000,
      // The BFF already retried reads upstream; retry here only when the console server was unreachable.
      retry: (count, err) => count < 2 && err instanceof ApiRequestError && err.status === 0,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
