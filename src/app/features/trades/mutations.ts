/**
 * The trade log's writes as requests (`tradeWrites`), run and replayed by the one mutation
 * default of `write-replay.ts`; and the broker exports (not stored, answered at once).
 */
import type { UserSettings } from '#api/account.ts';
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import type {
  ExportFormat,
  OrderPayload,
  OrderStrategy,
  ThinkorswimExportAnswer,
  TradeExportRequest,
  TradierExportAnswer,
} from '#api/trades.ts';
import { apiCaller, requestOf } from '#app/api/api-caller.ts';
import { TRADE_WRITE_KEY } from './keys.ts';
import type { TradeWrite } from './write-replay.ts';

export type { TradeWrite };

const tradeCall = apiCaller(TRADE_CALLS);

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

export function exportOrder(
  format: 'thinkorswim',
  request: TradeExportRequest,
): Promise<ThinkorswimExportAnswer>;
export function exportOrder(format: 'tradier', request: TradeExportRequest): Promise<TradierExportAnswer>;
/** The answer's shape follows the format; the contract types it as either. */
export function exportOrder(format: ExportFormat, request: TradeExportRequest) {
  return tradeCall('trades.export', { params: { format }, body: request });
}
