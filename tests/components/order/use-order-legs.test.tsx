/**
 * The order's ticker, strategy and legs (spec 3 §2): a strategy picked on a ticker gets its
 * default legs once the chain is in; a custom strategy starts empty and takes legs one by one; a
 * new ticker clears the legs.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { useOrderLegs } from '#app/screens/order/use-order-legs.ts';
import { stubApi } from '../api-stub.ts';

afterEach(() => vi.unstubAllGlobals());

const EXPIRATION = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
const CHAIN: OptionChainRow[] = [95, 100, 105, 110].flatMap((strike) =>
  (['CALL', 'PUT'] as const).map((right) => ({
    option: { kind: 'option' as const, underlying: 'XYZ', right, expiration: EXPIRATION, strike },
    id: `XYZ-${right}-${strike}`,
    bid: 1.9,
    ask: 2.1,
    mid: 2,
    iv: 0.3,
  })),
);

function Legs({ symbol }: { symbol: string | null }) {
  const order = useOrderLegs({ symbol, strategy: null, legs: [], newOrder: true });
  return (
    <>
      <p>
        legs {order.legs.map((l) => `${l.sign > 0 ? '+' : '-'}${l.right}${l.strike}`).join(' ') || 'none'}
      </p>
      {order.loading && <p>loading</p>}
      <button type="button" onClick={() => order.chooseStrategy('bull_call_spread')}>
        bull call spread
      </button>
      <button type="button" onClick={() => order.chooseStrategy('custom')}>
        custom
      </button>
      <button type="button" onClick={() => order.addLeg('option')}>
        add option
      </button>
      <button type="button" onClick={() => order.chooseSymbol('ABC')}>
        other ticker
      </button>
    </>
  );
}

function legsOn(symbol: string | null) {
  stubApi({ '/trades/XYZ/optionchain': CHAIN, '/contract': [{ stock_last: 100 }] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Legs symbol={symbol} />
    </QueryClientProvider>,
  );
}

test("a strategy picked on a ticker gets its default legs from the ticker's chain", async () => {
  legsOn('XYZ');
  fireEvent.click(screen.getByText('bull call spread'));
  await screen.findByText(/^legs \+CALL\d+ -CALL\d+$/);
  expect(screen.queryByText('loading')).toBeNull();
});

test('a custom strategy starts empty and takes an option leg from the chain', async () => {
  legsOn('XYZ');
  fireEvent.click(screen.getByText('custom'));
  await screen.findByText('legs none');
  await vi.waitFor(() => expect(screen.queryByText('loading')).toBeNull());
  fireEvent.click(screen.getByText('add option'));
  await screen.findByText(/^legs [+-](CALL|PUT)\d+$/);
});

test('a new ticker clears the legs', async () => {
  legsOn('XYZ');
  fireEvent.click(screen.getByText('bull call spread'));
  await screen.findByText(/^legs \+CALL/);
  fireEvent.click(screen.getByText('other ticker'));
  await screen.findByText('legs none');
});
