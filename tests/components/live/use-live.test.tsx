/**
 * The screen hooks: a screen acquires the one connection while shown and releases it when it
 * goes; its trades are registered, registered again (replacing) when they change, and unregistered
 * when it leaves; quotes of several screens are one subscription.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { LiveConnection, TradeRegistration } from '#app/live/live-connection.ts';
import { type LiveTradeSource, useLiveQuotes, useLiveTrades } from '#app/live/use-live.ts';

const calls: string[] = [];
const quoteOwners = new Map<object, readonly string[]>();
const fake = {
  acquire: () => calls.push('acquire'),
  release: () => calls.push('release'),
  register: (id: string, r: TradeRegistration) =>
    calls.push(`register ${id} ${r.trades.map((t) => t.id).join(',')}`),
  unregister: (id: string) => calls.push(`unregister ${id}`),
  setQuotes: (owner: object, ids: readonly string[]) => {
    if (ids.length) quoteOwners.set(owner, ids);
    else quoteOwners.delete(owner);
  },
} as unknown as LiveConnection;

vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => Promise.resolve(fake) }));

beforeEach(() => {
  calls.length = 0;
  quoteOwners.clear();
});

const qc = new QueryClient();
const wrap = (node: ReactNode) => <QueryClientProvider client={qc}>{node}</QueryClientProvider>;

const trade = (id: string): LiveTradeSource => ({
  id,
  strategy: 'covered_call',
  legs: [
    { contract: { kind: 'stock', symbol: 'KO' }, quantity: 100 },
    { contract: 'KO260320C70', quantity: -1 },
  ],
});

function Trades({ rows }: { rows: LiveTradeSource[] }) {
  useLiveTrades('0', rows, { queryKey: ['scan'], bidAskLevel: 0 });
  return null;
}

function Quotes({ ids }: { ids: string[] }) {
  useLiveQuotes(ids);
  return null;
}

const settle = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

describe('useLiveTrades', () => {
  test('register on show (contracts as ids), re-register on change, unregister and release on leave', async () => {
    const { rerender, unmount } = render(wrap(<Trades rows={[trade('a')]} />));
    await settle();
    expect(calls).toEqual(['acquire', 'register 0 a']);
    rerender(wrap(<Trades rows={[trade('a'), trade('b')]} />));
    await settle();
    expect(calls.slice(2)).toEqual(['unregister 0', 'register 0 a,b']);
    unmount();
    await settle();
    expect(calls.slice(4).sort()).toEqual(['release', 'unregister 0']);
  });

  test('no trades: no connection', async () => {
    render(wrap(<Trades rows={[]} />));
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('useLiveQuotes', () => {
  test('each screen says what it needs; leaving drops it', async () => {
    const a = render(wrap(<Quotes ids={['SPY']} />));
    const b = render(wrap(<Quotes ids={['KO', 'KO260320C70']} />));
    await settle();
    expect([...quoteOwners.values()]).toEqual([['SPY'], ['KO', 'KO260320C70']]);
    a.unmount();
    await settle();
    expect([...quoteOwners.values()]).toEqual([['KO', 'KO260320C70']]);
    b.unmount();
  });
});
