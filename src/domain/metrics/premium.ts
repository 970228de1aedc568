/**
 * What the option premium of a trade is made of, and how its sold legs compare with its bought legs.
 *
 * - intrinsic_value, extrinsic_value: Σ weight × (intrinsic value, mid − intrinsic value) over the
 *   option legs, signed in the direction of the options' net premium (positive for what a net
 *   buyer of options pays or a net seller receives), per share.
 * - iv_ratio: |quantity|-weighted mean IV of the sold options over that of the bought options.
 * - theta_ratio: |theta of the sold options| over |theta of the bought options| (per share).
 * - coverage_ratio: premium received for the sold options over premium paid for the bought ones
 *   (fills): how much of the long legs' cost the short legs pay for.
 * Each ratio is null when the trade lacks sold or bought options or the denominator is 0.
 */
import type { Greeks } from '../pricing/black-scholes.ts';
import { intrinsic, type Position } from './position.ts';

export interface PremiumMetrics {
  readonly intrinsic_value: number;
  readonly extrinsic_value: number;
  readonly iv_ratio: number | null;
  readonly theta_ratio: number | null;
  readonly coverage_ratio: number | null;
}

const ratio = (num: number, den: number, present: boolean): number | null =>
  present && den !== 0 ? num / den : null;

export function premiumMetrics(pos: Position, perLeg: readonly Greeks[]): PremiumMetrics {
  let netMid = 0;
  let intrinsicSum = 0;
  let extrinsicSum = 0;
  const sold = { units: 0, iv: 0, theta: 0, premium: 0 };
  const bought = { units: 0, iv: 0, theta: 0, premium: 0 };
  pos.legs.forEach((leg, i) => {
    if (leg.kind !== 'option') return;
    const inner = intrinsic(leg.isCall, pos.spot, leg.strike);
    netMid += leg.weight * leg.mid;
    intrinsicSum += leg.weight * inner;
    extrinsicSum += leg.weight * (leg.mid - inner);
    const side = leg.weight < 0 ? sold : bought;
    const units = Math.abs(leg.weight);
    side.units += units;
    side.iv += units * leg.iv;
    side.theta += leg.weight * perLeg[i]!.theta;
    side.premium += units * leg.fill;
  });
  const direction = netMid < 0 ? -1 : 1;
  const both = sold.units > 0 && bought.units > 0;
  return {
    intrinsic_value: direction * intrinsicSum,
    extrinsic_value: direction * extrinsicSum,
    iv_ratio: both ? ratio(sold.iv / sold.units, bought.iv / bought.units, true) : null,
    theta_ratio: ratio(Math.abs(sold.theta), Math.abs(bought.theta), both),
    coverage_ratio: ratio(sold.premium, bought.premium, both),
  };
}
