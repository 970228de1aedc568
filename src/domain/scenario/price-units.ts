/**
 * The analyzer's price units (spec 3 §3, §4): a price level typed in dollars, in percent from the
 * current price, in ATRs, in standard deviations to the date, or in percent from the analysts'
 * target, the 200-day average or the 52-week high or low. Each unit is an origin and a step in
 * dollars: price = origin + value × step, so a level converts both ways exactly and a change of
 * unit keeps the price. A unit whose datum is missing (no target price, no date for std devs) is
 * not offered.
 */
import { isShiftUnit, SHIFT_UNITS, type ShiftUnit } from '../metrics/types.ts';

/** The scan scenarios' units (spec 3 §3 enumerates the same), dollars first as the form lists them. */
export type PriceUnit = ShiftUnit;
export const PRICE_UNITS: readonly PriceUnit[] = ['abs', ...SHIFT_UNITS.filter((u) => u !== 'abs')];

export const PRICE_UNIT_LABELS: Readonly<Record<PriceUnit, string>> = {
  abs: 'Price ($)',
  pct: '% from current',
  atr: 'ATRs',
  std: 'Std. devs',
  target_price: '% from target price',
  sma_200: '% from MA 200',
  w52_high: '% from 52-week high',
  w52_low: '% from 52-week low',
};

/** The price units are the shift units (`isShiftUnit`, which an address's unit is checked with). */
export const isPriceUnit: (value: unknown) => value is PriceUnit = isShiftUnit;

/** What the units are measured from; null where the market lacks the datum. Dollars per share. */
export interface UnitData {
  readonly last: number;
  /** Average true range, dollars. */
  readonly atr: number | null;
  /** Annualised standard deviation of the last 21 daily log returns, a fraction. */
  readonly std21: number | null;
  /** Calendar days to the chosen date; null before a date is chosen. */
  readonly days: number | null;
  readonly targetPrice: number | null;
  readonly sma200: number | null;
  readonly high52w: number | null;
  readonly low52w: number | null;
}

const usable = (x: number | null): x is number => x !== null && Number.isFinite(x) && x > 0;

/** The unit's origin and the dollars one unit of it is; null when its datum is missing. */
function scaleOf(unit: PriceUnit, d: UnitData): { origin: number; step: number } | null {
  const percentOf = (base: number | null) => (usable(base) ? { origin: base, step: base / 100 } : null);
  switch (unit) {
    case 'abs':
      return { origin: 0, step: 1 };
    case 'pct':
      return percentOf(d.last);
    case 'atr':
      return usable(d.atr) ? { origin: d.last, step: d.atr } : null;
    case 'std':
      // The 21-day deviation scaled to the date: σ21 × √(days / 365) of the price.
      return usable(d.std21) && usable(d.days)
        ? { origin: d.last, step: d.last * d.std21 * Math.sqrt(d.days / 365) }
        : null;
    case 'target_price':
      return percentOf(d.targetPrice);
    case 'sma_200':
      return percentOf(d.sma200);
    case 'w52_high':
      return percentOf(d.high52w);
    case 'w52_low':
      return percentOf(d.low52w);
  }
}

/** The units the data allow, in menu order (dollars and % from current always). */
export const availableUnits = (data: UnitData): PriceUnit[] =>
  PRICE_UNITS.filter((unit) => scaleOf(unit, data) !== null);

/** The price a value in the unit stands for; null when the unit is not available. */
export function toPrice(unit: PriceUnit, value: number, data: UnitData): number | null {
  const scale = scaleOf(unit, data);
  return scale === null ? null : scale.origin + value * scale.step;
}

/** The price in the unit; null when the unit is not available. */
export function fromPrice(unit: PriceUnit, price: number, data: UnitData): number | null {
  const scale = scaleOf(unit, data);
  return scale === null ? null : (price - scale.origin) / scale.step;
}

/** Dollars rounded to cents, as the analyzer sends prices (spec 3 §5). */
export const toCentsPrice = (price: number): number => Math.round(price * 100) / 100;

/**
 * A level from the market's distance to it: the facts carry (last − level) / level for the 52-week
 * high and low and the 200-day average. Null when the distance is missing or not above −100%.
 */
export const levelFromDistance = (last: number, distance: number | null): number | null =>
  distance === null || !Number.isFinite(distance) || distance <= -1 ? null : last / (1 + distance);

/** The default band of a range view: 90% to 110% of the last price (spec 3 §9). */
export const DEFAULT_RANGE_BOUNDS = [0.9, 1.1] as const;

/**
 * The price k implied moves from `spot` by the date: S · (1 + k · IV · √(days / 365)), where IV is
 * the date's at-the-money implied volatility (k = −2 … 2).
 */
export const impliedMovePrice = (spot: number, atmIv: number, days: number, k: number): number =>
  spot * (1 + k * atmIv * Math.sqrt(days / 365));
