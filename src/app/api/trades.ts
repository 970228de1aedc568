/**
 * The trade log's reads for the Trades, order editor and Settings screens (lazy chunks only).
 * Positions of one account and view live under `tradeKeys.list(accountId, view)`; every write
 * and any future live push refreshes them through the one prefix `tradeKeys.lists()`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { UserSettings } from '#api/account.ts';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { MARKET_CALLS } from '#api/contract/market.ts';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import type {
  ExportFormat,
  OrderPayload,
  OrderStrategy,
  ThinkorswimExportAnswer,
  TradeCalculationRequest,
  TradeExportRequest,
  TradeView,
  TradierExportAnswer,
} from '#api/trades.ts';
import { apiCaller, requestOf } from './api-caller.ts';
import { accountKeys } from './keys.ts';
import { TRADE_WRITE_KEY, type TradeWrite, tradeKeys } from './trade-mutations.ts';

const tradeCall = apiCaller(TRADE_CALLS);
const marketCall = apiCaller(MARKET_CALLS);
const accountCall = apiCaller(ACCOUNT_CALLS);

/** `useMutation({ mutationKey: tradeWriteKey })` runs (and replays) the writes below. */
export const tradeWriteKey = TRADE_WRITE_KEY;

export const tradeWrites = {
  /** A new order, or the closing order of the position opened by `closeOrderId`. */
  submit: (
    accountId: number,
    strategy: OrderStrategy,
    payload: OrderPayload,
    closeOrderId: number | null,
  ): TradeWrite => {
    const query = { accountId, strategy };
    return {
      ...(closeOrderId
        ? requestOf(TRADE_CALLS, 'trades.close', { params: { id: closeOrderId }, query, body: payload })
        : requestOf(TRADE_CALLS, 'trades.submit', { query, body: payload })),
      refresh: 'lists',
    };
  },
  adjust: (
    orderId: number,
    accountId: number,
    strategy: OrderStrategy,
    payload: OrderPayload,
  ): TradeWrite => ({
    ...requestOf(TRADE_CALLS, 'trades.adjust', {
      params: { id: orderId },
      query: { accountId, strategy },
      body: payload,
    }),
    refresh: 'lists',
  }),
  archive: (orderId: number, archived: boolean): TradeWrite => ({
    ...requestOf(TRADE_CALLS, archived ? 'trades.archive' : 'trades.unarchive', { params: { id: orderId } }),
    refresh: 'lists',
  }),
  saveAccount: (accountId: number | null, name: string): TradeWrite => ({
    ...(accountId === null
      ? requestOf(TRADE_CALLS, 'tradeAccounts.save', { body: { name } })
      : requestOf(TRADE_CALLS, 'tradeAccounts.rename', { params: { id: accountId }, body: { name } })),
    refresh: 'accounts',
  }),
  deleteAccount: (accountId: number): TradeWrite => ({
    ...requestOf(TRADE_CALLS, 'tradeAccounts.delete', { params: { id: accountId } }),
    refresh: 'accounts',
  }),
  /** The trade table's columns, sorting and grouping, stored with the user's settings. */
  tableSettings: (trades: UserSettings['trades']): TradeWrite => ({
    ...requestOf(ACCOUNT_CALLS, 'account.saveSettings', { body: { trades } }),
    refresh: 'settings',
  }),
};

/** Open positions' P/L is re-marked this often while the screen is visible and online. */
export const PL_REFRESH_MS = 30_000;

export const marketKeys = {
  all: ['market'] as const,
  underlyings: () => [...marketKeys.all, 'underlyings'] as const,
  chain: (symbol: string) => [...marketKeys.all, 'chain', symbol] as const,
  bars: (symbol: string) => [...marketKeys.all, 'bars', symbol] as const,
  stockLast: (symbol: string) => [...marketKeys.all, 'stockLast', symbol] as const,
  facts: (symbol: string) => [...marketKeys.all, 'facts', symbol] as const,
  ivRv: (symbol: string, query: IvRvChoice) =>
    [...marketKeys.all, 'ivRv', symbol, query.delta, query.dte, query.right] as const,
};

/** The IV vs HV chart's choices (spec 1 §5): delta 0–100 by 10, 7–90 days, CALLs, PUTs or both. */
export interface IvRvChoice {
  readonly delta: number;
  readonly dte: number;
  readonly right: 'CALL' | 'PUT' | null;
}

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

export const userSettingsQuery = () =>
  queryOptions({
    queryKey: accountKeys.settings(),
    queryFn: ({ signal }) => accountCall('account.settings', {}, signal),
  });

export const underlyingsQuery = () =>
  queryOptions({
    queryKey: marketKeys.underlyings(),
    queryFn: ({ signal }) => marketCall('market.underlyings', {}, signal),
    staleTime: 3_600_000,
  });

export const chainQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.chain(symbol),
    queryFn: ({ signal }) => marketCall('market.optionChain', { params: { id: symbol } }, signal),
    staleTime: 60_000,
  });

export const barsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.bars(symbol),
    queryFn: ({ signal }) => marketCall('market.bars', { params: { symbol } }, signal),
    staleTime: 3_600_000,
  });

/** The underlying's own datapoints now, whatever a scan's columns were. */
export const factsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.facts(symbol),
    queryFn: ({ signal }) => marketCall('market.facts', { params: { symbol } }, signal),
    staleTime: 60_000,
  });

export const ivRvQuery = (symbol: string, choice: IvRvChoice) =>
  queryOptions({
    queryKey: marketKeys.ivRv(symbol, choice),
    queryFn: ({ signal }) =>
      marketCall(
        'market.ivRv',
        {
          params: { symbol },
          query: { delta: choice.delta, dte: choice.dte, right: choice.right ?? 'null' },
        },
        signal,
      ),
    // Daily history: it changes once a session.
    staleTime: 3_600_000,
  });

export const stockLastQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.stockLast(symbol),
    queryFn: async () => {
      const [row] = await marketCall('market.contractValues', {
        body: { contractIds: [symbol], fields: ['stock_last'] },
      });
      return row?.stock_last ?? null;
    },
    staleTime: 15_000,
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

export function exportOrder(
  format: 'thinkorswim',
  request: TradeExportRequest,
): Promise<ThinkorswimExportAnswer>;
export function exportOrder(format: 'tradier', request: TradeExportRequest): Promise<TradierExportAnswer>;
/** The answer's shape follows the format; the contract types it as either. */
export function exportOrder(format: ExportFormat, request: TradeExportRequest) {
  return tradeCall('trades.export', { params: { format }, body: request });
}

export const usageStatsQuery = () =>
  queryOptions({
    queryKey: accountKeys.usageStats(),
    queryFn: ({ signal }) => accountCall('account.usageStats', {}, signal),
  });
