/**
 * The live-update hub's schemas (docs/LIVE.md): the hub protocol's messages and the trades hub's
 * argument lists, which the server validates every message with. Kept apart from hub.ts, whose
 * names, limits and shapes the app imports, so zod does not reach the app's chunks; the types
 * derived here are re-exported by hub.ts.
 */
import { z } from 'zod';
import { SHIFT_UNITS } from '#domain/metrics/types.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { HUB_LIMITS, HubMessageType } from './hub.ts';

/** The client's first message: `{"protocol":"json","version":1}`. */
export const handshakeRequestSchema = z.object({
  protocol: z.string().max(64),
  version: z.int(),
});

const invocationId = z.string().min(1).max(64);
const target = z.string().min(1).max(128);
const invocationArguments = z.array(z.unknown()).max(16);

const invocationSchema = z.object({
  type: z.literal(HubMessageType.Invocation),
  invocationId: invocationId.optional(),
  target,
  arguments: invocationArguments,
  streamIds: z.array(z.string().max(64)).max(16).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

const streamInvocationSchema = invocationSchema.extend({
  type: z.literal(HubMessageType.StreamInvocation),
  invocationId,
});

/** What a client may send after the handshake. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  invocationSchema,
  z.object({ type: z.literal(HubMessageType.StreamItem), invocationId, item: z.unknown() }),
  z.object({
    type: z.literal(HubMessageType.Completion),
    invocationId,
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
  streamInvocationSchema,
  z.object({ type: z.literal(HubMessageType.CancelInvocation), invocationId }),
  z.object({ type: z.literal(HubMessageType.Ping) }),
  z.object({
    type: z.literal(HubMessageType.Close),
    error: z.string().max(1000).optional(),
    allowReconnect: z.boolean().optional(),
  }),
  z.object({ type: z.literal(HubMessageType.Ack), sequenceId: z.int() }),
  z.object({ type: z.literal(HubMessageType.Sequence), sequenceId: z.int() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// --- trades hub: arguments ------------------------------------------------------------------------

/** A contract id as `formatContractId` writes it: a symbol or `AAPL260320C150`. */
const contractId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Z][A-Z.]*(?:\d{6}[CP]\d+(?:\.\d+)?)?$/, 'Not a contract id.');

export const liveLegSpecSchema = z.strictObject({
  contract: contractId,
  /** Signed: + buys, − sells; contracts for options, shares for stock. */
  quantity: z
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((q) => q !== 0, 'A leg needs a non-zero quantity.'),
});

/** A trade to keep live: the scan row's id, strategy and legs. */
export const liveTradeSpecSchema = z.strictObject({
  id: z.string().min(1).max(300),
  strategy: z.enum(STRATEGY_KEYS),
  legs: z.array(liveLegSpecSchema).min(1).max(10),
});
export type LiveTradeSpec = z.infer<typeof liveTradeSpecSchema>;

/** A scenario shift (spec 2 §3.6); null keeps a scenario index free, as the scan's filters number them. */
export const liveScenarioSchema = z
  .strictObject({
    /** Fraction for the percent units (−0.05 = −5%), $ for abs, a count for atr and std. */
    amount: z.number().min(-1e6).max(1e6),
    unit: z.enum(SHIFT_UNITS),
  })
  .nullable();
export type LiveScenario = z.infer<typeof liveScenarioSchema>;

const registrationId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'Not a registration id.');

/** Argument lists of the hub methods, in call order. */
export const tradesHubArgs = {
  /**
   * registerTrade(trades, bidAskLevel, scenarios, registrationId, fields?): keeps the trades live
   * under the registration id (the same id again replaces its trades); `fields` narrows the values
   * pushed to those datapoint names (the five direction fields always come).
   */
  registerTrade: z.tuple([
    z.array(liveTradeSpecSchema).max(HUB_LIMITS.maxTrades),
    /** Spec 2 §9.2: 0.5 conservative … −0.5 best case. */
    z.number().min(-0.5).max(0.5),
    z.array(liveScenarioSchema).max(20),
    registrationId,
    z.array(z.string().min(1).max(64)).max(400).nullish(),
  ]),
  /** unregisterTrade(registrationId): stops a registration. */
  unregisterTrade: z.tuple([registrationId]),
  /** subscribeQuotes(ids): replaces the connection's quotes subscription (symbols and option ids). */
  subscribeQuotes: z.tuple([z.array(contractId).max(HUB_LIMITS.maxQuotes)]),
} as const;

export type TradesHubMethod = keyof typeof tradesHubArgs;
export const TRADES_HUB_METHODS = Object.keys(tradesHubArgs) as readonly TradesHubMethod[];
/** Arguments as the app sends them. */
export type TradesHubArgs = { [K in TradesHubMethod]: z.input<(typeof tradesHubArgs)[K]> };
/** Arguments as the server reads them, after validation. */
export type TradesHubParsedArgs = { [K in TradesHubMethod]: z.output<(typeof tradesHubArgs)[K]> };
