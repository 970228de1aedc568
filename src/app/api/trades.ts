/**
 * The trade log's reads for the Trades, order editor and Settings screens (lazy chunks only).
 * Positions of one account and view live under `tradeKeys.list(accountId, view)`; every write
 * and any future live push refreshes them through the one prefix `tradeKeys.lists()`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { UsageStats, UserSettings } from '#api/account.ts';
import type {
  Bar,
  ContractValuesRow,
  IvRvRow,
  OptionChainRow,
  UnderlyingFacts,
  UnderlyingRow,
} from '#api/market.ts';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import type {
  OrderAnswer,
  OrderPayload,
  Position,
  TradeCalculation,
  TradeCalculationRequest,
  TradeExportRequest,
  TradeView,
} from '#api/trades.ts';
import { api } from './client.ts';
import { accountKeys } from './keys.ts';
import { TRADE_WRITE_KEY, type TradeWrite, tradeKeys } from './trade-mutations.ts';

/** `useMutation({ mutationKey: tradeWriteKey })` runs (and replays) the writes below. */
export const tradeWriteKey = TRADE_WRITE_KEY;

const orderQueryText = (accountId: number, strategy: string) =>
  `accountId=${accountId}&strategy=${encodeURIComponent(strategy)}`;

export const tradeWrites = {
  /** A new order, or the closing order of the position opened by `closeOrderId`. */
  submit: (
    accountId: number,
    strategy: string,
    payload: OrderPayload,
    closeOrderId: number | null,
  ): TradeWrite => ({
    method: 'PUT',
    path: `/trades${closeOrderId ? `/${closeOrderId}` : ''}?${orderQueryText(accountId, strategy)}`,
    body: payload,
    refresh: 'lists',
  }),
  adjust: (orderId: number, accountId: number, strategy: string, payload: OrderPayload): TradeWrite => ({
    method: 'PATCH',
    path: `/trades/${orderId}?${orderQueryText(accountId, strategy)}`,
    body: payload,
    refresh: 'lists',
  }),
  archive: (orderId: number, archived: boolean): TradeWrite => ({
    method: 'POST',
    path: `/trades/${orderId}/${archived ? 'archive' : 'unarchive'}`,
    refresh: 'lists',
  }),
  saveAccount: (accountId: number | null, name: string): TradeWrite => ({
    method: 'PATCH',
    path: `/tradeaccount${accountId === null ? '' : `/${accountId}`}`,
    body: { name },
    refresh: 'accounts',
  }),
  deleteAccount: (accountId: number): TradeWrite => ({
    method: 'DELETE',
    path: `/tradeaccount/${accountId}`,
    refresh: 'accounts',
  }),
  /** The trade table's columns, sorting and grouping, stored with the user's settings. */
  tableSettings: (trades: UserSettings['trades']): TradeWrite => ({
    method: 'PATCH',
    path: '/account/settings',
    body: { trades },
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
    queryFn: ({ signal }) => api.get<SavedTradeAccount[]>('/tradeaccount', signal),
    // The restored cache shows at once, but every selector asks for the current list: the cache is
    // written a moment late, so a reload right after adding an account would restore a list
    // without it and the editor would offer 'No trading accounts'.
    refetchOnMount: 'always',
  });

export const tradesListQuery = (accountId: number, view: TradeView) =>
  queryOptions({
    queryKey: tradeKeys.list(accountId, view),
    queryFn: ({ signal }) => api.get<Position[]>(`/trades/${view}?accountId=${accountId}`, signal),
  });

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: tradeKeys.order(orderId),
    queryFn: ({ signal }) => api.get<OrderAnswer>(`/trades/${orderId}`, signal),
    // Mark prices start a close: take them fresh.
    staleTime: 0,
  });

export const userSettingsQuery = () =>
  queryOptions({
    queryKey: accountKeys.settings(),
    queryFn: ({ signal }) => api.get<UserSettings>('/account/settings', signal),
  });

export const underlyingsQuery = () =>
  queryOptions({
    queryKey: marketKeys.underlyings(),
    queryFn: ({ signal }) => api.get<UnderlyingRow[]>('/underlyings', signal),
    staleTime: 3_600_000,
  });

export const chainQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.chain(symbol),
    queryFn: ({ signal }) =>
      api.get<OptionChainRow[]>(`/trades/${encodeURIComponent(symbol)}/optionchain`, signal),
    staleTime: 60_000,
  });

export const barsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.bars(symbol),
    queryFn: ({ signal }) => api.get<Bar[] | null>(`/underlyings/${encodeURIComponent(symbol)}/bars`, signal),
    staleTime: 3_600_000,
  });

/** The underlying's own datapoints now, whatever a scan's columns were. */
export const factsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.facts(symbol),
    queryFn: ({ signal }) =>
      api.get<UnderlyingFacts>(`/underlyings/${encodeURIComponent(symbol)}/facts`, signal),
    staleTime: 60_000,
  });

export const ivRvQuery = (symbol: string, choice: IvRvChoice) =>
  queryOptions({
    queryKey: marketKeys.ivRv(symbol, choice),
    queryFn: ({ signal }) =>
      api.get<IvRvRow[]>(
        `/underlyings/${encodeURIComponent(symbol)}/iv-rv?delta=${choice.delta}&dte=${choice.dte}&right=${choice.right ?? 'null'}`,
        signal,
      ),
    // Daily history: it changes once a session.
    staleTime: 3_600_000,
  });

export const stockLastQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.stockLast(symbol),
    queryFn: async () => {
      const [row] = await api.post<ContractValuesRow[]>('/contract', {
        contractIds: [symbol],
        fields: ['stock_last'],
      });
      return row?.stock_last ?? null;
    },
    staleTime: 15_000,
  });

/** The editor's calculation; a failed one keeps its error for the editor to show. */
export const calculationQuery = (request: TradeCalculationRequest) =>
  queryOptions({
    queryKey: tradeKeys.calculation(request),
    queryFn: () => api.post<TradeCalculation>('/trades/trade', request),
    retry: false,
    staleTime: 15_000,
    gcTime: 60_000,
  });

export const exportOrder = <T>(format: 'thinkorswim' | 'tradier', request: TradeExportRequest) =>
  api.post<T>(`/trades/trade/export/${format}`, request);

export const usageStatsQuery = () =>
  queryOptions({
    queryKey: accountKeys.usageStats(),
    queryFn: ({ signal }) => api.get<UsageStats>('/account/usagestats', signal),
  });
