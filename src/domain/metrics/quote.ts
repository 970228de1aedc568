/**
 * The combination's market, quoted in the trade's direction, per share of the position.
 *
 * With weights w (position.ts), the cost to open at the worst prices is
 * Σ (w > 0 ? w·ask : w·bid), at the best Σ (w > 0 ? w·bid : w·ask), at the mids Σ w·mid.
 * A trade whose mid cost is ≥ 0 is a debit: it buys the combination, bid = best cost, ask = worst
 * cost. Otherwise it is a credit: it sells the combination, quoted as the positive credit, bid =
 * the least credit (−worst cost), ask = the most (−best cost). Either way bid ≤ mid ≤ ask, and the
 * fill at level L is mid + L·(ask − bid) for a debit and mid − L·(ask − bid) for a credit, which is
 * exactly the sum of the legs' fills (bid-ask.ts).
 */
import type { Position } from './position.ts';

export interface CombinationQuote {
  readonly price_type: 'debit' | 'credit';
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly bid_ask_spread: number;
  /** (ask − bid) / |mid|; null when the mid is 0. */
  readonly bid_ask_spread_pc: number | null;
  /** Fill at the level, in the trade's direction. */
  readonly price: number;
  /** Signed net debit at the fill (+ paid, − received). */
  readonly cost: number;
}

export function combinationQuote(pos: Position): CombinationQuote {
  let worst = 0;
  let best = 0;
  let mid = 0;
  for (const l of pos.legs) {
    worst += l.weight * (l.weight > 0 ? l.ask : l.bid);
    best += l.weight * (l.weight > 0 ? l.bid : l.ask);
    mid += l.weight * l.mid;
  }
  const debit = mid >= 0;
  const bid = debit ? best : -worst;
  const ask = debit ? worst : -best;
  const quoteMid = debit ? mid : -mid;
  return {
    price_type: debit ? 'debit' : 'credit',
    bid,
    ask,
    mid: quoteMid,
    bid_ask_spread: ask - bid,
    bid_ask_spread_pc: quoteMid !== 0 ? (ask - bid) / Math.abs(quoteMid) : null,
    price: debit ? pos.cost : -pos.cost,
    cost: pos.cost,
  };
}
