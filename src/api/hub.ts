/**
 * The live-update hub's contract (docs/LIVE.md): its path, the methods the app calls and the
 * events the server pushes, their argument shapes, the limits, and the hub protocol's messages
 * (the SignalR JSON protocol, version 1). The server validates every message and every argument
 * with these schemas; the app types its calls with the same names, so a rename breaks both sides.
 *
 * Values are in the units of a scan row (spec 2 §3.7, docs/METRICS.md): prices per share,
 * fractions as fractions, lists per option leg, breakeven or scenario.
 */

import { PROBABILITY_METRICS, SCENARIO_METRICS } from '#domain/metrics/metric-groups.ts';
import { HUB_BASE } from './paths.ts';

// The schemas that validate messages and arguments are the server's (hub-schemas.ts): zod stays
// out of the app's chunks, which import this module for its names, limits and field lists.
export type {
  ClientMessage,
  LiveScenario,
  LiveTradeSpec,
  TradesHubArgs,
  TradesHubMethod,
  TradesHubParsedArgs,
} from './hub-schemas.ts';

export const TRADES_HUB_PATH = `${HUB_BASE}/trades`;

/** The registration id of the screener's result set (spec 2 §4.7). */
export const SCAN_RESULTS_REGISTRATION = '0';

/** Per-connection limits; the server may be configured lower, never higher. */
export const HUB_LIMITS = {
  /** Trades registered over all registrations of one connection. */
  maxTrades: 250,
  maxRegistrations: 8,
  /** Symbols and option ids of the quotes subscription. */
  maxQuotes: 300,
  /** One hub message, UTF-8 bytes. */
  maxMessageBytes: 131_072,
} as const;

// --- protocol messages ----------------------------------------------------------------------------

export const HubMessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

// --- trades hub: answers and events ---------------------------------------------------------------

/** A datapoint value: a number, null (undefined here), or a list per leg, breakeven or scenario. */
export type LiveValue = number | null | (number | null)[];

/** A leg with its market now; `contract` is the contract id, which the app turns into a contract. */
export interface LiveLeg {
  contract: string;
  quantity: number;
  bid: number;
  ask: number;
  /** Implied volatility of an option; null for stock. */
  iv: number | null;
  /** Per share of the leg: the option's delta, 1 for stock. */
  delta: number | null;
}

/**
 * A registered trade's live values. In `registerTrade`'s answer every live field is there; in an
 * `onTradeChange` push only the fields that changed, and `legs` only when a leg's quote changed.
 */
export interface LiveTradeChange {
  registrationId: string;
  /** The id the trade was registered with. */
  id: string;
  values: Record<string, LiveValue>;
  legs?: LiveLeg[];
}

/** The market instant of a push: the market's tick counter and time (epoch ms). */
export interface LiveTick {
  seq: number;
  time: number;
}

export interface RegisterTradeResult {
  registrationId: string;
  /** Trades now live. */
  registered: number;
  /** Their values now. */
  trades: LiveTradeChange[];
  /** Ids of trades not registered: a leg the market does not list, or legs on several underlyings. */
  unknown: string[];
}

/** The quote of a symbol or an option. */
export interface LiveQuote {
  id: string;
  kind: 'stock' | 'option';
  /** Last trade (an option's previous close before its first trade today). */
  last: number;
  /** Versus the previous close: dollars and fraction. */
  change: number | null;
  changePercent: number | null;
  bid: number;
  ask: number;
  mid: number;
  iv: number | null;
  delta: number | null;
}

export interface SubscribeQuotesResult {
  quotes: LiveQuote[];
  /** Ids the market does not list. */
  unknown: string[];
}

/** What each method answers. */
export interface TradesHubResults {
  registerTrade: RegisterTradeResult;
  unregisterTrade: null;
  subscribeQuotes: SubscribeQuotesResult;
}

/** Events the server pushes, with their argument lists; at most one frame per connection per tick. */
export interface TradesHubEvents {
  onTradeChange: [trades: LiveTradeChange[], tick: LiveTick];
  onQuotes: [quotes: LiveQuote[], tick: LiveTick];
}
export type TradesHubEvent = keyof TradesHubEvents;
export const TRADES_HUB_EVENTS = {
  onTradeChange: 'onTradeChange',
  onQuotes: 'onQuotes',
} as const satisfies Record<TradesHubEvent, TradesHubEvent>;

// --- live fields ---------------------------------------------------------------------------------

/** Fields whose direction the app tracks (1 up, −1 down) for the price cells' flash. */
export const DIRECTION_FIELDS = ['stock_last', 'stock_change', 'bid', 'ask', 'mid'] as const;
export type DirectionField = (typeof DIRECTION_FIELDS)[number];
export const isDirectionField = (name: string): name is DirectionField =>
  (DIRECTION_FIELDS as readonly string[]).includes(name);

/**
 * Every datapoint the hub recalculates: the underlying's last price and change, the combination's
 * quote, and the metrics that depend on the quotes and the underlying's price (docs/LIVE.md).
 * Descriptive, fundamental and technical fields, expirations, strikes and shapes are never pushed.
 */
export const LIVE_TRADE_FIELDS = [
  ...DIRECTION_FIELDS,
  'bid_ask_spread',
  'bid_ask_spread_pc',
  // Per option leg.
  'leg_bid',
  'leg_ask',
  'leg_mid',
  'leg_iv',
  'leg_bid_ask_spread',
  'leg_bid_ask_spread_pc',
  'leg_delta',
  'moneyness',
  'prob_otm',
  'leg_strike_atr',
  'leg_strike_std21',
  'leg_strike_dividend_yield',
  // Greeks and value.
  'delta',
  'gamma',
  'theta',
  'vega',
  'delta_theta_ratio',
  'gamma_theta_ratio',
  'move_ratio_1pct',
  'move_ratio_1atr',
  'intrinsic_value',
  'extrinsic_value',
  'iv_ratio',
  'theta_ratio',
  'coverage_ratio',
  // P/L, probabilities, returns.
  'max_profit',
  'max_loss',
  'max_loss_percent',
  'margin',
  'breakeven',
  'breakeven_percent',
  'atr_breakeven',
  'atr_vs_bep',
  'atr_range',
  'profit_range_percent',
  'loss_range_percent',
  ...PROBABILITY_METRICS,
  'spread_profit_ratio',
  'cpd',
  'dpd',
  'return_acquisition',
  'return_acquisition_annualized',
  'max_return_margin',
  'max_return_margin_annualized',
  'covered_call_return_acquisition',
  'covered_call_return_acquisition_annualized',
  // Per scenario, in the order of the registration's scenarios.
  ...SCENARIO_METRICS,
] as const;
export type LiveTradeField = (typeof LIVE_TRADE_FIELDS)[number];

const LIVE_FIELD_SET: ReadonlySet<string> = new Set(LIVE_TRADE_FIELDS);
export const isLiveTradeField = (name: string): name is LiveTradeField => LIVE_FIELD_SET.has(name);
