/**
 * Closes positions at expiration (spec 3 §4: trades close automatically after expiration).
 *
 * A position expires at 16:00 New York of its earliest option expiration. It is closed by a
 * settlement order dated that instant: each leg reversed at its settlement price, an expired
 * option at its intrinsic value from the underlying's price at expiry, a stock leg at that price,
 * a later-expiring option (a calendar's back month) at its mid when the settlement runs (intrinsic
 * value if it is no longer listed). The price at expiry is the close of the expiration session
 * (its daily bar); while that session still runs (after 16:00, before the bar is written) it is
 * the underlying's last price.
 *
 * Safe to run twice, or twice at once: each position is settled in its own transaction that
 * re-reads it locked and skips it once closed, and the database holds at most one closing order
 * per position (`orders_one_close`), so a second settlement can never be written.
 */
import type { Kysely } from 'kysely';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import { closingLegs, settlementValue } from '#domain/orders/position-pl.ts';
import { accountEffectCents } from '#domain/orders/strategy-price.ts';
import type { Database } from '../db/schema.ts';
import type { MarketProvider } from '../market/provider.ts';
import { legMarket } from '../trades/market-legs.ts';
import { insertOrder, legsOf } from '../trades/trade-store.ts';
import { type JobLog, type RunningJob, startPeriodicJob } from './periodic-job.ts';

export interface SettlementDeps {
  readonly db: Kysely<Database>;
  readonly market: MarketProvider;
}

/** The underlying's price at the expiry of `expiration`: the session's close, else the last price. */
export function priceAtExpiry(market: MarketProvider, symbol: string, expiration: string): number | null {
  const bar = market.bars(symbol)?.findLast((b) => b.date === expiration);
  if (bar) return bar.close;
  return market.quote(symbol)?.last ?? null;
}

/**
 * The settlement prices of the legs, dollars per share, with the underlying at `atExpiry`: expired
 * options at intrinsic value, stock at `atExpiry`, later options at their mid now.
 */
export function settlementPrices(
  market: MarketProvider,
  legs: readonly OrderLeg[],
  atExpiry: number,
  nowMs: number,
): number[] {
  return legs.map(({ contract }) => {
    if (contract.kind === 'option' && expiryInstant(contract.expiration) > nowMs) {
      return legMarket(market, contract)?.mid ?? settlementValue(contract, atExpiry);
    }
    return settlementValue(contract, atExpiry);
  });
}

function earliestExpiration(legs: readonly OrderLeg[]): string | null {
  const dates = legs.flatMap(({ contract }) => (contract.kind === 'option' ? [contract.expiration] : []));
  // ISO dates sort as text.
  return dates.length === 0 ? null : ([...dates].sort()[0] ?? null);
}

/**
 * Settles every open position past its expiry (of one user when `userId` is given). Returns the
 * ids of the positions it closed. Touches the market only when some position can expire.
 */
export async function settleExpiredPositions(deps: SettlementDeps, userId?: number): Promise<number[]> {
  const { db, market } = deps;
  let expiring = db
    .selectFrom('positions')
    .select(['id', 'user_id'])
    .where('closed_at', 'is', null)
    .where('expires_at', 'is not', null);
  if (userId !== undefined) expiring = expiring.where('user_id', '=', userId);
  const any = await expiring.limit(1).executeTakeFirst();
  if (!any) return [];
  const nowMs = market.now();
  const due = await expiring.where('expires_at', '<=', new Date(nowMs)).orderBy('id').execute();
  const settled: number[] = [];
  for (const { id, user_id: owner } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const position = await trx
        .selectFrom('positions')
        .selectAll()
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!position?.expires_at) return false;
      const opening = await trx
        .selectFrom('orders')
        .selectAll()
        .where('position_id', '=', id)
        .where('kind', '=', 'open')
        .executeTakeFirstOrThrow();
      const legs = legsOf(opening);
      const expiration = earliestExpiration(legs);
      const atExpiry = expiration === null ? null : priceAtExpiry(market, position.symbol, expiration);
      // Unknown underlying (dropped from the universe): left open rather than settled at a guess.
      if (atExpiry === null) return false;
      const settlement = closingLegs(legs, settlementPrices(market, legs, atExpiry, nowMs));
      await insertOrder(trx, {
        positionId: id,
        userId: owner,
        kind: 'settle',
        legs: settlement,
        size: position.size,
        comment: `Settled at expiration, ${position.symbol} at ${atExpiry.toFixed(2)}.`,
        accountEffectCents: accountEffectCents(settlement, position.size),
        clientOrderId: null,
        createdAt: position.expires_at,
      });
      await trx
        .updateTable('positions')
        .set({ closed_at: position.expires_at, closed_by: 'expiry' })
        .where('id', '=', id)
        .execute();
      return true;
    });
    if (done) settled.push(id);
  }
  return settled;
}

/** Runs the settlement at start and then every `intervalMs` (`startPeriodicJob`). */
export function startExpirySettlement(
  deps: SettlementDeps & { readonly intervalMs: number; readonly log: JobLog },
): RunningJob {
  return startPeriodicJob({
    name: 'settled expired positions',
    intervalMs: deps.intervalMs,
    log: deps.log,
    work: async () => {
      const settled = await settleExpiredPositions(deps);
      return settled.length > 0 ? { positions: settled } : null;
    },
  });
}
