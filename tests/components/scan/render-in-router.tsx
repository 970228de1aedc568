/**
 * Renders one component on a small memory router (its page at '/', and the order screen's
 * route /order/open/$ticket showing the ticket it was given) with a fresh query client.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '#app/api/query-client.ts';

export async function renderInRouter(ui: () => ReactNode, queryClient: QueryClient = createQueryClient()) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => ui() });
  const order = createRoute({
    getParentRoute: () => root,
    path: '/order/open/$ticket',
    component: function Ticket() {
      const { ticket } = order.useParams();
      return <p data-testid="ticket">{ticket}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page, order]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(async () => {
    await router.load();
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...view };
}
