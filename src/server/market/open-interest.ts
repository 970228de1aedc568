/**
 * Open interest and daily volume of a contract, from the step tables fitted on real chains
 * (reference/model.json, `openInterest`): each expiration's share of the chain by days to expiry
 * (standard monthlies hold more than weeklies), each contract's share of its expiration by
 * out-of-the-money distance u, and volume as a turnover of open interest by term and by u. Funds
 * and indexes hold their open interest differently from stocks (further out of the money, in
 * shorter expirations): each class multiplies the pooled tables by its own factors, fitted on the
 * realism table's chains (reference/oi-fit.ts).
 */
import type { MarketModel } from './reference-data.ts';

type OiModel = MarketModel['openInterest'];
/** A class's multipliers of the pooled tables (funds and indexes, or stocks): by u bucket and by term bin. */
export type OiClass = OiModel['classes']['fund'];

/** Bin of `x` among ascending upper bounds (the last bin is open above). */
function bin(bounds: readonly number[], x: number): number {
  const i = bounds.findIndex((b) => x < b);
  return i < 0 ? bounds.length : i;
}

/** Value of a step table at bin i, or the nearest filled bin. */
function at(table: readonly (number | null)[], i: number): number {
  for (let d = 0; d < table.length; d++) {
    const lo = table[i - d];
    if (lo !== undefined && lo !== null) return lo;
    const hi = table[i + d];
    if (hi !== undefined && hi !== null) return hi;
  }
  return 0;
}

/** Days bins: [0, 7), [7, 30), [30, 90), [90, 365), [365, 1000), [1000, ∞). */
const termBin = (m: OiModel, days: number) => Math.max(0, bin(m.termDays, days) - 1);

export function expiryWeight(m: OiModel, cls: OiClass, days: number, monthly: boolean): number {
  const i = termBin(m, days);
  return at(monthly ? m.expiryShareMonthly : m.expiryShareOther, i) * (cls.byTerm[i] as number);
}

export function contractWeight(m: OiModel, cls: OiClass, otm: number): number {
  const i = bin(m.uBuckets, otm);
  return at(m.perContractByU, i) * (cls.byU[i] as number);
}

/** Expected share of open interest traded in a day (expiries inside a week trade closer to the money). */
export function dailyTurnover(m: OiModel, days: number, otm: number): number {
  const byU = days < 7 ? m.dailyTurnoverByUWeek : m.dailyTurnoverByU;
  const near = (at(byU, 4) + at(byU, 5)) / 2;
  return at(m.dailyTurnoverByTerm, termBin(m, days)) * (at(byU, bin(m.uBuckets, otm)) / near);
}
