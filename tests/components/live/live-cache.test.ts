/**
 * The one place pushes enter the query cache: trade updates go to the query their registration
 * names; quotes re-mark the trade log's lists, set the editor's last price and refresh its
 * calculation (at most every 5 s), and are kept by id.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import type { LiveQuote } from '#api/hub.ts';
import type { Position } from '#api/trades.ts';
import { marketKeys } from '#app/features/market/keys.ts';
import { tradeKeys } from '#app/features/trades/keys.ts';
import { applyQuotes, applyTradeUpdates, CALCULATION_REFRESH_MS } from '#app/live/live-cache.ts';
import { liveKeys } from '#app/live/live-keys.ts';
import { decodeTradeChange } from '#app/live/trade-merge.ts';

const spy: LiveQuote = {
  id: 'SPY',
  kind: 'stock',
  last: 602,
  change: 2,
  changePercent: 0.0033,
  bid: 601.99,
  ask: 602.01,
  mid: 602,
  iv: null,
  delta: null,
};

describe('trade updates', () => {
  test('go to the query of their registration only', () => {
    const qc = new QueryClient();
    qc.setQueryData(['scan', 1], { items: [{ id: 'a', values: { bid: 1 } }] });
    qc.setQueryData(['other'], [{ id: 'a', values: { bid: 1 } }]);
    applyTradeUpdates(qc, (id) => (id === '0' ? ['scan', 1] : undefined), [
      decodeTradeChange({ registrationId: '0', id: 'a', values: { bid: 2 } }),
      decodeTradeChange({ registrationId: '9', id: 'a', values: { bid: 3 } }),
    ]);
    expect(qc.getQueryData<{ items: { values: { bid: number } }[] }>(['scan', 1])?.items[0]?.values.bid).toBe(
      2,
    );
    expect(qc.getQueryData<{ values: { bid: number } }[]>(['other'])?.[0]?.values.bid).toBe(1);
  });
});

describe('quotes', () => {
  test('kept by id, re-mark open positions, set the last price the editor reads', () => {
    const qc = new QueryClient();
    const position = {
      positionId: 1,
      symbol: 'SPY',
      size: 1,
      closeDate: null,
      openDate: '2026-03-01T00:00:00Z',
      legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, fillPrice: 600, markPrice: 600 }],
      accountEffectCents: -6_000_000,
      plCents: 0,
      initialMarginCents: 6_000_000,
      roi: 0,
      maxProfitGained: null,
    } as unknown as Position;
    qc.setQueryData(tradeKeys.list(3, 'open'), [position]);
    qc.setQueryData(marketKeys.stockLast('SPY'), 600);
    applyQuotes(qc, [spy], Date.parse('2026-03-04T00:00:00Z'));
    expect(qc.getQueryData(liveKeys.quotes())).toEqual({ SPY: spy });
    expect(qc.getQueryData<Position[]>(tradeKeys.list(3, 'open'))?.[0]?.plCents).toBe(20_000);
    expect(qc.getQueryData(marketKeys.stockLast('SPY'))).toBe(602);
    // A last price nobody asked for is not created.
    applyQuotes(qc, [{ ...spy, id: 'KO' }], Date.now());
    expect(qc.getQueryState(marketKeys.stockLast('KO'))).toBeUndefined();
  });

  test('leave a list a write invalidated to be refetched, and keep the time the server answered', () => {
    const qc = new QueryClient();
    const open = {
      positionId: 1,
      symbol: 'SPY',
      size: 1,
      closeDate: null,
      openDate: '2026-03-01T00:00:00Z',
      legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, fillPrice: 600, markPrice: 600 }],
      accountEffectCents: -6_000_000,
      plCents: 0,
      initialMarginCents: 6_000_000,
      roi: 0,
      maxProfitGained: null,
    } as unknown as Position;
    const closed = { ...open, positionId: 2, closeDate: '2026-03-02T00:00:00Z', plCents: 8200 } as Position;
    const answeredAt = Date.parse('2026-03-04T00:00:00Z');
    qc.setQueryData(tradeKeys.list(3, 'open'), [open], { updatedAt: answeredAt });
    qc.setQueryData(tradeKeys.list(3, 'closed'), [closed], { updatedAt: answeredAt });
    // A closed trade's prices were adjusted: every list is to be asked again.
    void qc.invalidateQueries({ queryKey: tradeKeys.lists() });
    applyQuotes(qc, [spy], answeredAt + 1000);
    for (const view of ['open', 'closed']) {
      const state = qc.getQueryState(tradeKeys.list(3, view));
      expect(state?.isInvalidated, view).toBe(true);
      expect(state?.dataUpdatedAt, view).toBe(answeredAt);
    }
    // Refetched, the open list follows the quotes again, still dated by the server's answer.
    qc.setQueryData(tradeKeys.list(3, 'open'), [open], { updatedAt: answeredAt + 2000 });
    applyQuotes(qc, [spy], answeredAt + 3000);
    expect(qc.getQueryData<Position[]>(tradeKeys.list(3, 'open'))?.[0]?.plCents).toBe(20_000);
    expect(qc.getQueryState(tradeKeys.list(3, 'open'))?.dataUpdatedAt).toBe(answeredAt + 2000);
  });

  test('an order calculation whose legs moved is refreshed, not more often than every 5 s', async () => {
    const qc = new QueryClient();
    let calls = 0;
    const request = {
      strategy: 'long_stock',
      legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, limitPrice: 600 }],
    };
    const key = tradeKeys.calculation(request);
    const observer = qc.getQueryCache().build(qc, { queryKey: key, queryFn: async () => ++calls });
    await observer.fetch();
    const fetchedAt = observer.state.dataUpdatedAt;
    applyQuotes(qc, [spy], fetchedAt + CALCULATION_REFRESH_MS - 1);
    expect(observer.state.isInvalidated).toBe(false);
    applyQuotes(qc, [{ ...spy, id: 'KO' }], fetchedAt + CALCULATION_REFRESH_MS);
    expect(observer.state.isInvalidated).toBe(false);
    applyQuotes(qc, [spy], fetchedAt + CALCULATION_REFRESH_MS);
    expect(observer.state.isInvalidated).toBe(true);
  });

  test('a refused calculation shown in the editor is not asked again on quotes', async () => {
    const qc = new QueryClient();
    let calls = 0;
    const request = {
      strategy: 'bull_call_spread',
      legs: [{ contract: { kind: 'stock', symbol: 'SPY' }, quantity: 100, limitPrice: 600 }],
    };
    // The editor's observer, as useQuery holds it while the message is shown.
    const observer = new QueryObserver(qc, {
      queryKey: tradeKeys.calculation(request),
      retry: false,
      queryFn: async () => {
        calls += 1;
        throw new Error('LEGS_MISMATCH');
      },
    });
    const statuses: string[] = [];
    const unsubscribe = observer.subscribe((result) => statuses.push(result.status));
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    for (let i = 1; i <= 20; i++) applyQuotes(qc, [spy], Date.now() + i * CALCULATION_REFRESH_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(1);
    // The error stays shown: it never goes back to pending.
    expect(statuses.at(-1)).toBe('error');
    expect(statuses.filter((s) => s === 'pending').length).toBeLessThanOrEqual(1);
    unsubscribe();
  });
});
