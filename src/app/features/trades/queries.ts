/**
 * The trade log's reads for the Trades, order editor and Settings screens (lazy chunks only).
 * Positions of one account and view live under `tradeKeys.list(accountId, view)`; every write
 * and any live push refreshes them through the one prefix `tradeKeys.lists()`.
 */
import { queryOptions } from '@tanstack/react-query';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import type { TradeCalculationRequest, TradeExplainRequest, TradeView } from '#api/trades.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { tradeKeys } from './keys.ts';

const tradeCall = apiCaller(TRADE_CALLS);

/** Open positions' P/L is re-marked this often while the screen is visible and online. */
export const PL_REFRESH_MS = 30_000;

export const tradeAccountsQuery = () =>
  queryOptions({
    queryKey: tradeKeys.accounts(),
    queryFn: ({ signal }) => tradeCall('tradeAccounts.list', {}, signal),
    // The restored cache shows at once, but every selector asks for the current list: the cache is
    // written a moment late, so a reload right after adding an account would restore a list
    // without it and the editor would offer 'No trading accounts'.
    refetchOnMount: 'always',
  });

export const tradesListQuery = (accountId: number, view: TradeView) =>
  queryOptions({
    queryKey: tradeKeys.list(accountId, view),
    queryFn: ({ signal }) => tradeCall('trades.list', { params: { view }, query: { accountId } }, signal),
  });

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: tradeKeys.order(orderId),
    queryFn: ({ signal }) => tradeCall('trades.order', { params: { id: orderId } }, signal),
    // Mark prices start a close: take them fresh.
    staleTime: 0,
  });

/** The editor's calculation; a failed one keeps its error for the editor to show. */
export const calculationQuery = (request: TradeCalculationRequest) =>
  queryOptions({
    queryKey: tradeKeys.calculation(request),
    queryFn: () => tradeCall('trades.calculate', { body: request }),
    retry: false,
    staleTime: 15_000,
    gcTime: 60_000,
  });

/** "Show the math" of legs, valued with the market when asked (docs/METRICS.md). */
export const explanationQuery = (request: TradeExplainRequest) =>
  queryOptions({
    queryKey: tradeKeys.explanation(request),
    queryFn: ({ signal }) => tradeCall('trades.explain', { body: request }, signal),
    retry: false,
    staleTime: 15_000,
    gcTime: 60_000,
  });
