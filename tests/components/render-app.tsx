/** The whole app (router, shell, screens) rendered at a path, on a fresh query client. */
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { createQueryClient } from '#app/api/query-client.ts';
import { createAppRouter } from '#app/router.tsx';

export async function renderAt(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    await router.load();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
