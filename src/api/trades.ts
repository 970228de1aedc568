/**
 * The trade log and the order editor's calls (spec 3 §3, §7): submit, adjust, list, load,
 * archive, the trade calculation and the broker exports. Money the log stores is integer cents
 * (`…Cents`); prices are dollars per share; dates are ISO 8601 instants.
 */
import { z } from 'zod';
import type { Contract } from '#domain/contracts/contract.ts';
import { isBidAskLevel } from '#domain/metrics/bid-ask.ts';
import type { PLProfile } from '#domain/metrics/pl-profile.ts';
import type { TradeMetrics } from '#domain/metrics/types.ts';
import { MAX_SIZE, MIN_SIZE } from '#domain/orders/order-validation.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { idSchema, idTextSchema } from './ids.ts';

const SYMBOL = /^[A-Z]+(?:\.[A-Z]+)*$/;

export const contractSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stock'), symbol: z.string().max(12).regex(SYMBOL, 'Not a symbol.') }),
  z.strictObject({
    kind: z.literal('option'),
    underlying: z.string().max(12).regex(SYMBOL, 'Not a symbol.'),
    right: z.enum(['CALL', 'PUT']),
    expiration: z.iso.date(),
    strike: z.number().positive().max(1_000_000),
  }),
]);

/** A leg of an order: + buys, − sells; options count contracts, stock counts shares. */
export const orderLegSchema = z.strictObject({
  contract: contractSchema,
  quantity: z
    .number()
    .int()
    .min(-10_000)
    .max(10_000)
    .refine((q) => q !== 0, 'A leg needs a non-zero quantity.'),
  /** Dollars per share. */
  limitPrice: z.number().min(0).max(1_000_000),
});
export type OrderLegInput = z.infer<typeof orderLegSchema>;

/**
 * Strategies an order may have (spec 3 §3): the 26 named ones, `custom`, and the analyzer's long
 * and short stock (spec 2 §3.1: the order side of the list adds them).
 */
export const orderStrategySchema = z.enum(STRATEGY_KEYS);
export type OrderStrategy = z.infer<typeof orderStrategySchema>;

/** The order as the editor sends it (spec 3 §3 "Trade submit payload"). */
export const orderPayloadSchema = z.strictObject({
  legs: z.array(orderLegSchema).min(1).max(10),
  /**
   * Spread units. Any number here: the order rules check MIN_SIZE to MAX_SIZE with the editor's
   * message on the field `size`, together with the legs' rules.
   */
  size: z.number(),
  comment: z.string().max(2000).default(''),
  /**
   * A client-generated id of this submission (a UUID): repeating a submit with the same id
   * answers the order it created the first time instead of creating another (offline replay).
   */
  clientOrderId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Not a client order id.')
    .optional(),
});
export type OrderPayload = z.input<typeof orderPayloadSchema>;

/** `PUT /trades/{id?}` and `PATCH /trades/{id}` query. */
export const orderQuerySchema = z.strictObject({
  accountId: idTextSchema.optional(),
  strategy: orderStrategySchema.optional(),
});

export { TRADE_VIEWS, type TradeView } from './trade-views.ts';

export const tradesListQuerySchema = z.strictObject({
  accountId: idTextSchema,
});

/** `POST /trades/trade`: the order editor's calculation (bid/ask level 0, the mid). */
export const tradeCalculationSchema = z.strictObject({
  strategy: orderStrategySchema,
  legs: z.array(orderLegSchema).min(1).max(10),
  size: z.number().int().min(MIN_SIZE).max(MAX_SIZE).default(1),
  /** An existing order: markMadeTrade is that order as made, marked to today's market. */
  asofOrderId: idSchema.nullable().optional(),
});
export type TradeCalculationRequest = z.input<typeof tradeCalculationSchema>;

/**
 * `POST /trades/trade/explain`: "show the math" of the legs, valued with today's market. `fill`
 * 'limit': each leg at its limit price (the order editor's made trade); 'market': at the market's
 * bid and ask, filled at `bidAskLevel` (a scan row at its scan's level).
 */
export const tradeExplainSchema = z.strictObject({
  strategy: orderStrategySchema,
  legs: z.array(orderLegSchema).min(1).max(10),
  fill: z.enum(['limit', 'market']).default('market'),
  bidAskLevel: z
    .number()
    .refine(isBidAskLevel, 'A bid/ask level is one of 0.5, 0.25, 0, -0.25 and -0.5.')
    .default(0),
});
export type TradeExplainRequest = z.input<typeof tradeExplainSchema>;

export const EXPORT_FORMATS = ['thinkorswim', 'tradier'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `POST /trades/trade/export/{format}`: the order, its strategy and whether it closes a position. */
export const tradeExportSchema = z.strictObject({
  strategy: orderStrategySchema,
  legs: z.array(orderLegSchema).min(1).max(10),
  /** As in the order payload: the order rules bound it (EXPORT_NOT_AVAILABLE naming `size`). */
  size: z.number(),
  comment: z.string().max(2000).default(''),
  closing: z.boolean().default(false),
});
export type TradeExportRequest = z.input<typeof tradeExportSchema>;

export interface ThinkorswimExportAnswer {
  /** Order-entry text, one order per line. */
  text: string;
  /** Several orders: switch the order entry to an advanced order type first. */
  multiple: boolean;
}

export interface TradierExportAnswer {
  url: string;
}

export interface OrderLeg {
  contract: Contract;
  quantity: number;
  limitPrice: number;
}

export type OrderKind = 'open' | 'close' | 'settle';

/** `GET /trades/{orderId}` (spec 3 §3 "Order (loaded by id)"). */
export interface OrderAnswer {
  orderId: number;
  positionId: number;
  /** The position's opening order (the id to close it with). */
  openingOrderId: number;
  accountId: number;
  strategy: OrderStrategy;
  symbol: string;
  /** open: opens the position; close: closed it by hand; settle: closed it at expiration. */
  kind: OrderKind;
  order: { legs: OrderLeg[]; size: number; comment: string };
  /** The position's close instant, null while it is open. */
  closeDate: string | null;
  /** Every order of the position with its account effect. */
  proceeds: { orderId: number; amountCents: number }[];
  /** Per leg of this order: the market's mid now (stock: the last price), null when unquoted. */
  markPrices: (number | null)[];
  createdAt: string;
}

export interface PositionLeg {
  contract: Contract;
  quantity: number;
  /** Opening fill, dollars per share. */
  fillPrice: number;
  /** Mid now (stock: last), or the settlement/closing price once closed; null when unquoted. */
  markPrice: number | null;
}

/** A metric subset of a trade, per share of the position (docs/METRICS.md). */
export type TradeDatapoints = Partial<Omit<TradeMetrics, 'scenarios'>>;

/** `GET /trades/{view}` rows (spec 3 §3 "Position"). */
export interface Position {
  positionId: number;
  accountId: number;
  openingOrderId: number;
  lastOrderId: number;
  strategy: OrderStrategy;
  symbol: string;
  size: number;
  legs: PositionLeg[];
  /** Net entry of one spread unit, dollars per unit (fill × quantity × multiplier, negated): + credit. */
  strategyPriceCents: number;
  /** The opening order's cash: + credit, − debit. */
  accountEffectCents: number;
  /** Realized once closed; marked to the market's mids while open (null when a leg has no mark). */
  plCents: number | null;
  /** Invested: the margin held at the open, else the debit paid; null for neither (no ROI). */
  initialMarginCents: number | null;
  /** Fractions (0.05 = 5%); null where undefined. */
  roi: number | null;
  roiAnnualized: number | null;
  maxProfitGained: number | null;
  openDate: string;
  closeDate: string | null;
  /** How it closed: by a closing order, or settled at expiration. */
  closedBy: 'order' | 'expiry' | null;
  comments: { open: string; close: string | null };
  archived: boolean;
  /** The trade as made (fills), at the open. */
  madeTrade: TradeDatapoints;
  /** Datapoints for the table: marked now while open, as made once closed. */
  data: TradeDatapoints;
}

/** A leg of a calculated trade with its market. */
export interface CalculatedLeg {
  contract: Contract;
  quantity: number;
  /** The price this calculation filled the leg at. */
  price: number;
  bid: number;
  ask: number;
  mid: number;
  iv: number | null;
  delta: number | null;
  open_interest: number | null;
}

/** One of the three trades of a calculation: metrics per share of the position, plus its chart. */
export interface CalculatedTrade extends TradeDatapoints {
  size: number;
  legs: CalculatedLeg[];
  pl_profile: PLProfile;
  /** P/L of `size` units now: the marks' value less the made cost, cents (markMadeTrade only). */
  plCents?: number;
  stock_last: number;
  stock_iv: number;
  market_cap: number | null;
  p_e: number | null;
  beta: number | null;
  rsi: number | null;
  macd: number | null;
}

/** `POST /trades/trade` answer. */
export interface TradeCalculation {
  /** The legs at the given limit prices (your fills), valued with today's market. */
  madeTrade: CalculatedTrade;
  /** The legs at the market's mids now (bid/ask level 0). */
  markTrade: CalculatedTrade;
  /** The made trade (or the order `asofOrderId`) marked to the market now, with its P/L. */
  markMadeTrade: CalculatedTrade;
}
