/**
 * The trade log: trading accounts, orders and positions, the order editor's calculation and the
 * broker exports.
 * Entries of the HTTP contract (`../contract.ts`).
 */

import type { TradeExplanation } from '#domain/metrics/explain.ts';
import type { tradeAccountSaveSchema } from '../trade-account-schemas.ts';
import type { SavedTradeAccount } from '../trade-accounts.ts';
import type {
  ExportFormat,
  OrderAnswer,
  orderPayloadSchema,
  orderQuerySchema,
  Position,
  ThinkorswimExportAnswer,
  TradeCalculation,
  TradeView,
  TradierExportAnswer,
  tradeCalculationSchema,
  tradeExplainSchema,
  tradeExportSchema,
  tradesListQuerySchema,
} from '../trades.ts';
import { type BodyErrors, call } from './define.ts';

type OrderErrors =
  | BodyErrors
  | 'NOT_FOUND'
  | 'NO_TRADE_ACCOUNT'
  | 'NO_STRATEGY'
  | 'NO_LEGS'
  | 'UNKNOWN_CONTRACT'
  | 'NOT_TRADED_CONTRACT'
  | 'BAD_LEG_PRICE'
  | 'LEGS_MISMATCH'
  | 'INVALID_STRATEGY_LEGS'
  | 'INDEX_NO_STOCK'
  | 'POSITION_CLOSED'
  | 'PLAN_LIMIT_REACHED'
  | 'CONFLICT';

export const TRADE_CALLS = {
  'tradeAccounts.list': call<{ answer: SavedTradeAccount[] }>()('GET', '/tradeaccount'),
  'tradeAccounts.save': call<
    { body: typeof tradeAccountSaveSchema; answer: SavedTradeAccount },
    BodyErrors | 'NOT_FOUND' | 'PLAN_LIMIT_REACHED' | 'TRADE_ACCOUNT_DUPLICATE_NAME'
  >()('PATCH', '/tradeaccount'),
  'tradeAccounts.rename': call<
    { body: typeof tradeAccountSaveSchema; answer: SavedTradeAccount },
    BodyErrors | 'NOT_FOUND' | 'TRADE_ACCOUNT_DUPLICATE_NAME'
  >()('PATCH', '/tradeaccount/:id'),
  'tradeAccounts.delete': call<{ answer: undefined }, 'NOT_FOUND'>()('DELETE', '/tradeaccount/:id'),

  // `GET /trades/:id` is one route for two calls: a view's positions, or one order.
  'trades.list': call<
    {
      params: { view: TradeView };
      query: typeof tradesListQuerySchema;
      answer: Position[];
    },
    'VALIDATION_FAILED' | 'NOT_FOUND'
  >()('GET', '/trades/:view'),
  'trades.order': call<{ answer: OrderAnswer }, 'NOT_FOUND'>()('GET', '/trades/:id'),
  'trades.submit': call<
    {
      query: typeof orderQuerySchema;
      body: typeof orderPayloadSchema;
      answer: OrderAnswer;
    },
    OrderErrors
  >()('PUT', '/trades'),
  'trades.close': call<
    {
      query: typeof orderQuerySchema;
      body: typeof orderPayloadSchema;
      answer: OrderAnswer;
    },
    OrderErrors
  >()('PUT', '/trades/:id'),
  'trades.adjust': call<
    {
      query: typeof orderQuerySchema;
      body: typeof orderPayloadSchema;
      answer: OrderAnswer;
    },
    OrderErrors
  >()('PATCH', '/trades/:id'),
  'trades.archive': call<{ answer: undefined }, 'NOT_FOUND'>()('POST', '/trades/:id/archive'),
  'trades.unarchive': call<{ answer: undefined }, 'NOT_FOUND'>()('POST', '/trades/:id/unarchive'),
  'trades.calculate': call<{ body: typeof tradeCalculationSchema; answer: TradeCalculation }, OrderErrors>()(
    'POST',
    '/trades/trade',
  ),
  'trades.explain': call<{ body: typeof tradeExplainSchema; answer: TradeExplanation }, OrderErrors>()(
    'POST',
    '/trades/trade/explain',
  ),
  'trades.export': call<
    {
      params: { format: ExportFormat };
      body: typeof tradeExportSchema;
      answer: ThinkorswimExportAnswer | TradierExportAnswer;
    },
    OrderErrors | 'EXPORT_NOT_AVAILABLE'
  >()('POST', '/trades/trade/export/:format'),
} as const;
