/**
 * Capital a trade ties up, per share of the position: a Reg-T style strategy-based model.
 *
 * Short options are covered first, the most exposed first (short calls from the lowest strike,
 * short puts from the highest):
 *   - a short call by 100 long shares, then by a long call expiring no earlier, lowest strike first;
 *   - a short put by 100 short shares, then by a long put expiring no earlier, highest strike first.
 *
 * Defined risk (every short option covered, no short shares): the whole risk is held,
 *   margin = max(net debit, max loss + net credit)
 * which is the CBOE requirement of verticals (the width), iron condors (the wider wing),
 * butterflies and calendars (the debit), covered calls and collars (the debit: 0 extra).
 *
 * Otherwise: margin = net debit paid (if any) + 150% × short share value + short option requirement,
 * where a covered pair holds the strike difference when the long leg is the less protective one
 * (long call strike above the short, long put strike below), an uncovered short call holds
 * max(20% × S − out-of-the-money amount, 10% × S) + its premium and an uncovered short put
 * max(20% × S − out-of-the-money amount, 10% × K) + its premium. The price cannot end both above
 * the calls and below the puts, so only the larger of the call-side and put-side requirements is
 * held, plus the premium of the other side's uncovered options (the CBOE rule for short straddles
 * and strangles).
 *
 * Long stock and long options are paid in full (no margin loan). Premiums are the fills.
 */
import type { Position, PositionLeg } from './position.ts';

interface Unit {
  readonly strike: number;
  readonly expiryMs: number;
  readonly premium: number;
  count: number;
}

const units = (legs: readonly PositionLeg[], isCall: boolean, short: boolean): Unit[] =>
  legs
    .filter((l) => l.kind === 'option' && l.isCall === isCall && (short ? l.weight < 0 : l.weight > 0))
    .map((l) => ({ strike: l.strike, expiryMs: l.expiryMs, premium: l.fill, count: Math.abs(l.weight) }));

interface SideRequirement {
  readonly requirement: number;
  /** Premium of this side's uncovered short options. */
  readonly nakedPremium: number;
  /** Contracts left uncovered. */
  readonly nakedCount: number;
}

/**
 * One side (calls or puts): `exposure(shortStrike, longStrike)` is what a covered pair still holds,
 * `naked(strike, premium)` what an uncovered short holds, `order` sorts shorts and longs most
 * exposed first.
 */
function side(
  shorts: Unit[],
  longs: Unit[],
  shareCover: number,
  order: (a: Unit, b: Unit) => number,
  exposure: (shortStrike: number, longStrike: number) => number,
  naked: (strike: number, premium: number) => number,
): SideRequirement {
  let shares = shareCover;
  let requirement = 0;
  let nakedPremium = 0;
  let nakedCount = 0;
  longs.sort(order);
  for (const s of shorts.sort(order)) {
    let open = s.count;
    const byShares = Math.min(open, shares);
    shares -= byShares;
    open -= byShares;
    for (const l of longs) {
      if (open <= 0) break;
      if (l.count <= 0 || l.expiryMs < s.expiryMs) continue;
      const take = Math.min(open, l.count);
      l.count -= take;
      open -= take;
      requirement += take * exposure(s.strike, l.strike);
    }
    if (open > 0) {
      requirement += open * naked(s.strike, s.premium);
      nakedPremium += open * s.premium;
      nakedCount += open;
    }
  }
  return { requirement, nakedPremium, nakedCount };
}

/** `maxLoss`: the largest loss at the horizon per share (Infinity when unbounded). */
export function regTMargin(pos: Position, maxLoss: number): number {
  const S = pos.spot;
  const netShares = pos.legs.filter((l) => l.kind === 'stock').reduce((sum, l) => sum + l.weight, 0);
  const longShares = Math.max(netShares, 0);
  const shortShares = Math.max(-netShares, 0);

  const calls = side(
    units(pos.legs, true, true),
    units(pos.legs, true, false),
    longShares,
    (a, b) => a.strike - b.strike,
    (shortK, longK) => Math.max(longK - shortK, 0),
    (K, premium) => Math.max(0.2 * S - Math.max(K - S, 0), 0.1 * S) + premium,
  );
  const puts = side(
    units(pos.legs, false, true),
    units(pos.legs, false, false),
    shortShares,
    (a, b) => b.strike - a.strike,
    (shortK, longK) => Math.max(shortK - longK, 0),
    (K, premium) => Math.max(0.2 * S - Math.max(S - K, 0), 0.1 * K) + premium,
  );
  if (calls.nakedCount === 0 && puts.nakedCount === 0 && shortShares === 0 && Number.isFinite(maxLoss)) {
    return Math.max(pos.cost, maxLoss + Math.max(-pos.cost, 0), 0);
  }
  const options =
    calls.requirement >= puts.requirement
      ? calls.requirement + puts.nakedPremium
      : puts.requirement + calls.nakedPremium;
  return Math.max(pos.cost, 0) + 1.5 * S * shortShares + options;
}
