import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, isNotFound, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
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
      // The BFF already retried reads upstream. Retry here when the console server was unreachable,
      // or when the service asked to wait (429 with Retry-After): then after exactly that wait.
      retry: (count, err) => err instanceof ApiRequestError && ((err.status === 0 && count < 2) || (err.status === 429 && count < 3 && (err.error.retryAfter ?? 61) <= 60)),
      retryDelay: (count, err) => (err instanceof ApiRequestError && err.status === 429 && err.error.retryAfter !== null ? err.error.retryAfter * 1000 : Math.min(1000 * 2 ** count, 8000)),
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  // The one error page and the one not-found page of every route; they load when first needed.
  defaultErrorComponent: lazyRouteComponent(() => import('./components/shell/route-error'), 'RouteError'),
  defaultNotFoundComponent: lazyRouteComponent(() => import('./components/shell/page-not-found'), 'PageNotFound'),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
/**
 * Errors a page caught and explains as a sentence (the service's answer, a record not found) are
 * not logged: they are the page's content, not a fault. Anything else is logged with its stack.
 */
const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
  if (error instanceof ApiRequestError || isNotFound(error)) return;
  console.error(error, info.componentStack ?? '');
};

createRoot(root, { onCaughtError }).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
