/**
 * The trade log's open positions re-marked from live quotes, with the server's arithmetic
 * (docs/ORDERS.md): each leg at its mid (stock at the last price), P/L = the opening cash plus
 * what closing at those marks would move, ROI over the invested capital. Legs without a quote
 * keep the mark the server sent (an expired option is marked at intrinsic value there).
 */
import type { LiveQuote } from '#api/hub.ts';
import type { Position } from '#api/trades.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { closingLegs, realizedPlCents } from '#domain/orders/position-pl.ts';
import { annualizedRoi, roi } from '#domain/orders/roi.ts';

const markOf = (q: LiveQuote): number => (q.kind === 'stock' ? q.last : q.mid);

/** `position` marked at the quotes; the same object when nothing it shows changed. */
export function markPosition(
  position: Position,
  quotes: ReadonlyMap<string, LiveQuote>,
  nowMs: number,
): Position {
  if (position.closeDate !== null) return position;
  let moved = false;
  const legs = position.legs.map((leg) => {
    if (leg.contract.kind === 'option' && expiryInstant(leg.contract.expiration) <= nowMs) return leg;
    const quote = quotes.get(formatContractId(leg.contract));
    if (!quote || markOf(quote) === leg.markPrice) return leg;
    moved = true;
    return { ...leg, markPrice: markOf(quote) };
  });
  if (!moved) return position;
  const marks = legs.map((l) => l.markPrice);
  if (marks.some((m) => m === null)) return { ...position, legs };
  const plCents = realizedPlCents(
    position.accountEffectCents,
    closingLegs(legs, marks as number[]),
    position.size,
  );
  const roiValue = roi(plCents, position.initialMarginCents);
  // The server sends % of max profit gained = P/L ÷ max profit: the max profit follows from it.
  const before = position.plCents;
  const gained = position.maxProfitGained;
  const maxProfitGained =
    before !== null && before !== 0 && gained !== null && gained !== 0 ? plCents / (before / gained) : gained;
  return {
    ...position,
    legs,
    plCents,
    roi: roiValue,
    roiAnnualized: annualizedRoi(roiValue, Date.parse(position.openDate), nowMs),
    maxProfitGained,
  };
}

/** A list of positions marked at the quotes; the same array when no position changed. */
export function markPositions(
  positions: readonly Position[],
  quotes: ReadonlyMap<string, LiveQuote>,
  nowMs: number,
): readonly Position[] {
  let changed = false;
  const next = positions.map((p) => {
    const marked = markPosition(p, quotes, nowMs);
    if (marked !== p) changed = true;
    return marked;
  });
  return changed ? next : positions;
}
