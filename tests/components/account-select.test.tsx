/**
 * The trading account selector after a reload: the restored cache may predate an account just
 * added (it is written a moment late), so the selector asks for the current list on entry and
 * chooses the account instead of saying 'No trading accounts'.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import { tradeKeys } from '#app/features/trades/keys.ts';
import { AccountSelect } from '#app/screens/trades/AccountSelect.tsx';
import { stubApi } from './api-stub.ts';

afterEach(() => vi.unstubAllGlobals());

function Selector({ onChosen }: { onChosen: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  onChosen(value);
  return <AccountSelect value={value} onChange={setValue} />;
}

test('a fresh but outdated cached list is refreshed on entry and its account chosen', async () => {
  const main: SavedTradeAccount = { account_id: 7, name: 'Main' };
  const fetchStub = stubApi({ '/tradeaccount': [main] });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  // What the persisted cache restores: the list as it was before the account was added.
  qc.setQueryData(tradeKeys.accounts(), []);
  let chosen: number | null = null;
  render(
    <QueryClientProvider client={qc}>
      <Selector onChosen={(id) => (chosen = id)} />
    </QueryClientProvider>,
  );
  await screen.findByRole('option', { name: 'Main' });
  await waitFor(() => expect(chosen).toBe(7));
  expect(screen.queryByText('No trading accounts')).toBeNull();
  expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith('/tradeaccount'))).toBe(true);
});
