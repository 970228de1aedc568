/**
 * The trade table's settings: a change shows at once; a store the server refuses goes back to
 * what was shown before and says so (it used to stay on screen as if stored, and was lost).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '#api/account.ts';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { dismiss, type Notice, subscribeNotices } from '#app/components/notices.ts';
import { registerTradeMutations } from '#app/features/trades/write-replay.ts';
import { useTableSettings } from '#app/screens/trades/use-table-settings.ts';

afterEach(() => vi.unstubAllGlobals());

/** The notices on show, which are then dismissed. */
function messages(): string[] {
  let shown: readonly Notice[] = [];
  subscribeNotices((n) => {
    shown = n;
  })();
  for (const x of shown) dismiss(x.id);
  return shown.map((x) => x.message);
}

test('a refused save goes back to the stored settings and tells the user', async () => {
  messages();
  // Not the defaults, so the test sees the stored settings arrive.
  const stored = {
    ...DEFAULT_USER_SETTINGS,
    trades: { ...DEFAULT_USER_SETTINGS.trades, grouping: 'strategy' },
  };
  // The server's refusal arrives when the test says.
  let refuse = () => {};
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      if (init?.method !== 'PATCH') return Response.json(stored);
      await refused;
      return Response.json(
        { code: 'INTERNAL', message: 'An error has occurred. Please try again.' },
        { status: 500 },
      );
    }),
  );
  const client = createQueryClient();
  registerTradeMutations(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useTableSettings(), { wrapper });
  await waitFor(() => expect(result.current.settings).toEqual(stored.trades));

  const grouped = { ...stored.trades, grouping: 'underlying' };
  act(() => result.current.change(grouped));
  await waitFor(() => expect(result.current.settings.grouping).toBe('underlying'));
  refuse();

  await waitFor(() => expect(result.current.settings.grouping).toBe(stored.trades.grouping));
  expect(messages()).toEqual([GENERIC_ERROR_MESSAGE]);
});
