/**
 * The trade log (spec 3 §4, §7; docs/TRADES.md): submit an order (open a position, or close one
 * when the path names its order), adjust an order, list positions by view, load an order,
 * archive and unarchive, the editor's calculation and the broker exports.
 *
 * Every write runs in one transaction that first locks the user's row: a submit writes its
 * position and its order together or not at all, and a repeated `clientOrderId` finds the order
 * the first submit wrote. Everything is per user: another user's order or account is 404.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type OrderAnswer,
  TRADE_VIEWS,
  type TradeView,
} from '#api/trades.ts';
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import { toCents } from '#domain/orders/money.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { CUSTOM_EXPORT_MESSAGE } from '#domain/orders/order-modes.ts';
import { CUSTOM_MAX_LEGS, CUSTOM_STRATEGY } from '#domain/orders/order-validation.ts';
import { accountEffectCents } from '#domain/orders/strategy-price.ts';
import { thinkorswimOrderText } from '#domain/orders/thinkorswim.ts';
import { tradierTradeUrl } from '#domain/orders/tradier.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { inputOf, route } from '../http/contract-routes.ts';
import { pathId } from '../http/path-id.ts';
import { settleExpiredPositions } from '../jobs/expiry-settlement.ts';
import type { MarketProvider } from '../market/provider.ts';
import { listedSeries, underlyingSymbol } from '../trades/market-legs.ts';
import {
  checkNoIndexStock,
  checkOrderValues,
  checkStrategyLegs,
  checkTraded,
} from '../trades/order-checks.ts';
import { orderAnswer, positionAnswer } from '../trades/position-view.ts';
import { calculateTrade, datapoints, isUnlisted, madeMetrics } from '../trades/trade-calculation.ts';
import { explainLegs } from '../trades/trade-explain.ts';
import {
  accountOf,
  type Db,
  insertOrder,
  legsOf,
  lockUser,
  type OrderRow,
  orderByClientId,
  orderOf,
  ordersByPosition,
  positionOf,
  positionsInView,
  storedLegs,
} from '../trades/trade-store.ts';

export interface TradeRouteDeps {
  readonly db: Kysely<Database>;
  readonly market: MarketProvider;
  /** The distribution of the trades' probabilities and expected value (default `smile`). */
  readonly probabilityModel?: ProbabilityModel;
}

/** Closing and adjusting never meet the plan's custom-leg cap: the position exists already. */
const EXISTING_ORDER_LIMITS = { maxCustomStrategyLegs: CUSTOM_MAX_LEGS } as const;

const invalid = (field: string, problem: string) =>
  new DomainError('VALIDATION_FAILED', { details: { [field]: problem } });

/** The figures of a position fixed at its open: margin, max profit (cents) and the made trade. */
function openingFigures(
  market: MarketProvider,
  strategy: StrategyKey,
  legs: readonly OrderLeg[],
  size: number,
  model: ProbabilityModel,
) {
  const metrics = madeMetrics(market, strategy, legs, model);
  // Dollar metrics are per share of the legs as given: × 100 for the legs' dollars, × size.
  const cents = (perShare: number) => toCents(perShare * OPTION_MULTIPLIER * size);
  return {
    initial_margin_cents: cents(metrics.margin),
    max_profit_cents: metrics.max_profit === null ? null : cents(metrics.max_profit),
    made_trade: JSON.stringify(datapoints(metrics)),
  };
}

/** 16:00 New York of the earliest option expiration; null for stock only. */
function expiresAt(legs: readonly OrderLeg[]): Date | null {
  const instants = legs.flatMap(({ contract }) =>
    contract.kind === 'option' ? [expiryInstant(contract.expiration)] : [],
  );
  return instants.length === 0 ? null : new Date(Math.min(...instants));
}

function sameContract(a: OrderLeg['contract'], b: OrderLeg['contract']): boolean {
  if (a.kind === 'stock' || b.kind === 'stock')
    return a.kind === b.kind && underlyingSymbol(a) === underlyingSymbol(b);
  return (
    a.underlying === b.underlying &&
    a.right === b.right &&
    a.expiration === b.expiration &&
    a.strike === b.strike
  );
}

/**
 * An existing order keeps its legs, quantities and size (spec 3 §4): only limit prices and the
 * comment change. `sign` −1 checks a closing order against the opening legs reversed.
 */
function assertSameShape(
  given: readonly OrderLeg[],
  size: number,
  stored: readonly OrderLeg[],
  storedSize: number,
  sign: 1 | -1,
): void {
  const same =
    given.length === stored.length &&
    given.every(
      (leg, i) =>
        sameContract(leg.contract, stored[i]!.contract) && leg.quantity === sign * stored[i]!.quantity,
    );
  if (!same) {
    throw invalid(
      'body.legs',
      sign < 0
        ? "A closing order holds the position's legs with the opposite sign."
        : "The legs of an existing order can't change; only limit prices and the comment can.",
    );
  }
  if (size !== storedSize) throw invalid('body.size', "The size of an existing order can't change.");
}

export function tradeRoutes(app: FastifyInstance, deps: TradeRouteDeps): void {
  const { db, market } = deps;
  const model = deps.probabilityModel ?? 'smile';

  async function answerFor(dbOrTrx: Db, userId: number, order: OrderRow): Promise<OrderAnswer> {
    const position = await positionOf(dbOrTrx, userId, order.position_id);
    if (!position) throw notFound('Order');
    const orders = (await ordersByPosition(dbOrTrx, [position.id])).get(position.id) ?? [];
    return orderAnswer(order, position, orders, market, market.now());
  }

  /**
   * A close repeated with its client order id answers the close it made; an id already used by
   * any other order (another position's, or this position's opening) is a conflict, never that
   * other order.
   */
  function replayedClose<O extends { position_id: number; kind: string }>(prior: O, positionId: number): O {
    if (prior.position_id !== positionId || prior.kind !== 'close') {
      throw new DomainError('CONFLICT', { message: 'This client order id was used by another order.' });
    }
    return prior;
  }

  /** The order of the path with its position, both the caller's, else 404. */
  async function ownOrder(request: FastifyRequest, userId: number) {
    const order = await orderOf(db, userId, pathId(request, 'Order'));
    const position = order && (await positionOf(db, userId, order.position_id));
    if (!order || !position) throw notFound('Order');
    return { order, position };
  }

  route(app, ['trades.order', 'trades.list'], {}, async (request) => {
    const user = requireUser(request);
    const key = (request.params as { id: string }).id;
    if (!(TRADE_VIEWS as readonly string[]).includes(key)) {
      const { order } = await ownOrder(request, user.id);
      return answerFor(db, user.id, order);
    }
    const { accountId } = inputOf('trades.list', request).query();
    if (!(await accountOf(db, user.id, accountId))) throw notFound('Trading account');
    // Positions past their expiry are settled before they are shown, whatever the job's timing.
    await settleExpiredPositions({ db, market }, user.id);
    const rows = await positionsInView(db, user.id, accountId, key as TradeView);
    if (rows.length === 0) return [];
    const orders = await ordersByPosition(
      db,
      rows.map((r) => r.id),
    );
    const nowMs = market.now();
    return rows.map((row) => positionAnswer(row, orders.get(row.id) ?? [], market, nowMs, model));
  });

  route(app, 'trades.submit', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const query = input.query();
    const body = input.body();
    const clientOrderId = body.clientOrderId ?? null;
    if (clientOrderId) {
      const prior = await orderByClientId(db, user.id, clientOrderId);
      if (prior) return answerFor(db, user.id, prior);
    }
    if (!query.strategy) throw new DomainError('NO_STRATEGY');
    if (!query.accountId) throw new DomainError('NO_TRADE_ACCOUNT');
    const strategy = query.strategy;
    const accountId = query.accountId;
    const legs: OrderLeg[] = body.legs;
    checkOrderValues(strategy, legs, body.size, effectiveLimits(user.subscription));
    checkTraded(market, legs);
    checkNoIndexStock(market, legs);
    checkStrategyLegs(strategy, legs);
    const figures = openingFigures(market, strategy, legs, body.size, model);
    const now = new Date(market.now());
    const order = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (clientOrderId) {
        const prior = await orderByClientId(trx, user.id, clientOrderId);
        if (prior) return prior;
      }
      if (!(await accountOf(trx, user.id, accountId))) throw notFound('Trading account');
      const position = await trx
        .insertInto('positions')
        .values({
          user_id: user.id,
          account_id: accountId,
          strategy,
          symbol: underlyingSymbol(legs[0]!.contract),
          size: body.size,
          opened_at: now,
          expires_at: expiresAt(legs),
          ...figures,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return insertOrder(trx, {
        positionId: position.id,
        userId: user.id,
        kind: 'open',
        legs,
        size: body.size,
        comment: body.comment,
        accountEffectCents: accountEffectCents(legs, body.size),
        clientOrderId,
        createdAt: now,
      });
    });
    return answerFor(db, user.id, order);
  });

  route(app, 'trades.close', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const query = input.query();
    const body = input.body();
    const clientOrderId = body.clientOrderId ?? null;
    // The order of the path first: a used client order id answers nothing about another id.
    const { position } = await ownOrder(request, user.id);
    if (clientOrderId) {
      const prior = await orderByClientId(db, user.id, clientOrderId);
      if (prior) return answerFor(db, user.id, replayedClose(prior, position.id));
    }
    if (query.accountId !== undefined && query.accountId !== position.account_id) throw notFound('Order');
    if (query.strategy !== undefined && query.strategy !== position.strategy) {
      throw invalid('query.strategy', "Not the position's strategy.");
    }
    if (position.closed_at !== null) throw new DomainError('POSITION_CLOSED');
    const orders = (await ordersByPosition(db, [position.id])).get(position.id) ?? [];
    const opening = orders.find((o) => o.kind === 'open');
    if (!opening) throw notFound('Order');
    const legs: OrderLeg[] = body.legs;
    assertSameShape(legs, body.size, legsOf(opening), position.size, -1);
    checkOrderValues(position.strategy as StrategyKey, legs, body.size, EXISTING_ORDER_LIMITS);
    const now = new Date(market.now());
    const order = await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      if (clientOrderId) {
        const prior = await orderByClientId(trx, user.id, clientOrderId);
        if (prior) return replayedClose(prior, position.id);
      }
      // Re-read under the lock: the settlement or another close may have come first.
      const current = await positionOf(trx, user.id, position.id, { forUpdate: true });
      if (!current) throw notFound('Order');
      if (current.closed_at !== null) throw new DomainError('POSITION_CLOSED');
      const closing = await insertOrder(trx, {
        positionId: position.id,
        userId: user.id,
        kind: 'close',
        legs,
        size: body.size,
        comment: body.comment,
        accountEffectCents: accountEffectCents(legs, body.size),
        clientOrderId,
        createdAt: now,
      });
      await trx
        .updateTable('positions')
        .set({ closed_at: now, closed_by: 'order' })
        .where('id', '=', position.id)
        .execute();
      return closing;
    });
    return answerFor(db, user.id, order);
  });

  route(app, 'trades.adjust', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const query = input.query();
    const body = input.body();
    const { order, position } = await ownOrder(request, user.id);
    if (query.accountId !== undefined && query.accountId !== position.account_id) throw notFound('Order');
    if (query.strategy !== undefined && query.strategy !== position.strategy) {
      throw invalid('query.strategy', "Not the position's strategy.");
    }
    const legs: OrderLeg[] = body.legs;
    assertSameShape(legs, body.size, legsOf(order), order.size, 1);
    checkOrderValues(position.strategy as StrategyKey, legs, body.size, EXISTING_ORDER_LIMITS);
    // New fills of the opening order move the margin and max profit fixed at the open, as long as
    // the market still lists the legs; otherwise the stored figures stay.
    let figures: ReturnType<typeof openingFigures> | null = null;
    if (order.kind === 'open') {
      try {
        figures = openingFigures(market, position.strategy as StrategyKey, legs, body.size, model);
      } catch (err) {
        if (!isUnlisted(err)) throw err;
        figures = null;
      }
    }
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await trx
        .updateTable('orders')
        .set({
          legs: storedLegs(legs),
          comment: body.comment,
          account_effect_cents: accountEffectCents(legs, body.size),
        })
        .where('id', '=', order.id)
        .where('user_id', '=', user.id)
        .execute();
      if (figures) await trx.updateTable('positions').set(figures).where('id', '=', position.id).execute();
    });
    const updated = await orderOf(db, user.id, order.id);
    if (!updated) throw notFound('Order');
    return answerFor(db, user.id, updated);
  });

  for (const action of ['archive', 'unarchive'] as const) {
    route(app, `trades.${action}`, {}, async (request, reply) => {
      const user = requireUser(request);
      const { position } = await ownOrder(request, user.id);
      await db
        .updateTable('positions')
        .set({ archived: action === 'archive' })
        .where('id', '=', position.id)
        .where('user_id', '=', user.id)
        .execute();
      return reply.status(204).send();
    });
  }

  route(app, 'trades.calculate', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    const legs: OrderLeg[] = body.legs;
    checkOrderValues(body.strategy, legs, body.size, effectiveLimits(user.subscription));
    checkTraded(market, legs);
    checkNoIndexStock(market, legs);
    checkStrategyLegs(body.strategy, legs);
    let asOf: { legs: OrderLeg[]; size: number } | null = null;
    if (body.asofOrderId) {
      const order = await orderOf(db, user.id, body.asofOrderId);
      if (!order) throw notFound('Order');
      asOf = { legs: legsOf(order), size: order.size };
    }
    return calculateTrade(market, { strategy: body.strategy, legs, size: body.size }, asOf, model);
  });

  route(app, 'trades.explain', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    const legs: OrderLeg[] = body.legs;
    checkOrderValues(body.strategy, legs, 1, effectiveLimits(user.subscription));
    checkTraded(market, legs);
    checkNoIndexStock(market, legs);
    checkStrategyLegs(body.strategy, legs);
    return explainLegs(market, {
      strategy: body.strategy,
      legs,
      fill: body.fill,
      bidAskLevel: body.bidAskLevel,
      model,
    });
  });

  route(app, 'trades.export', {}, async (request, _reply, input) => {
    const user = requireUser(request);
    const format = (request.params as { format: string }).format;
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw notFound('Export format');
    const body = input.body();
    if (body.strategy === CUSTOM_STRATEGY) {
      throw new DomainError('EXPORT_NOT_AVAILABLE', { message: CUSTOM_EXPORT_MESSAGE });
    }
    const legs: OrderLeg[] = body.legs;
    try {
      checkOrderValues(body.strategy, legs, body.size, effectiveLimits(user.subscription));
    } catch (err) {
      // A failed validation refuses the export (422) and names the failing fields.
      if (err instanceof DomainError && err.code !== 'BAD_LEG_PRICE') {
        throw new DomainError('EXPORT_NOT_AVAILABLE', { details: err.details ?? {} });
      }
      throw err;
    }
    checkTraded(market, legs);
    checkNoIndexStock(market, legs);
    // A closing order holds the position's legs reversed: the strategy fits them turned back.
    const opening = body.closing ? legs.map((leg) => ({ ...leg, quantity: -leg.quantity })) : legs;
    checkStrategyLegs(body.strategy, opening);
    const series = listedSeries(market, underlyingSymbol(legs[0]!.contract));
    const order = { strategy: body.strategy, legs, size: body.size, closing: body.closing, series };
    return (format as ExportFormat) === 'thinkorswim'
      ? thinkorswimOrderText(order)
      : { url: tradierTradeUrl(order) };
  });
}
