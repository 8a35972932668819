import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, isNotFound, lazyRouteComponent, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiRequestError } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';
import { routeTree } from './route-tree.gen';
import './styles.css';

applyTheme();

const queryClient = createQueryClient();

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

/**
 * Errors a page caught and explains as a sentence (the service's answer, a record not found) are
 * not logged: they are the page's content, not a fault. Anything else is logged with its stack.
 */
const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
  if (error instanceof ApiRequestError || isNotFound(error)) return;
  console.error(error, info.componentStack ?? '');
};

// index.html has the #root element (without it, createRoot says its target is not an element).
createRoot(document.getElementById('root') as HTMLElement, { onCaughtError }).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
