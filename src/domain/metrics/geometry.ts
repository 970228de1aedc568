/**
 * Strike and expiration geometry of a trade, and the shapes of condors, butterflies and diagonals.
 *
 * - spread_width: distance between the outermost strikes; null with fewer than two strikes.
 * - strike_diff: back-leg strike minus front-leg strike (mean strike of the legs of the last
 *   expiration minus that of the first); null with a single expiration.
 * - butterfly_width: the wider of a butterfly's two wings (body strike to wing strike).
 * - expiration_diff_days: calendar days between the first and the last expiration date.
 * - Shapes (spec 2 §3.9): riskless_down when the P/L cannot be negative far below the strikes
 *   (P/L at 0 ≥ 0) but can be far above them, riskless_up the mirror; otherwise balanced when the
 *   two wings are equally wide; otherwise none (null). Diagonals have no wings, so they are
 *   riskless_down, riskless_up or null. iron_condor_shape is for iron condors, butterfly_shape for
 *   call, put and iron butterflies, diagonal_spread_shape for diagonals; null elsewhere.
 */
import type { StrategyKey } from '../strategies/strategy-key.ts';
import type { PLAnalysis } from './pl-analysis.ts';
import type { Position, PositionLeg } from './position.ts';
import type { Shape } from './types.ts';

export interface Geometry {
  readonly spread_width: number | null;
  readonly strike_diff: number | null;
  readonly butterfly_width: number | null;
  readonly expiration_diff_days: number | null;
  readonly iron_condor_shape: Shape | null;
  readonly butterfly_shape: Shape | null;
  readonly diagonal_spread_shape: Shape | null;
}

const BUTTERFLIES: readonly StrategyKey[] = ['call_butterfly', 'put_butterfly', 'iron_butterfly'];
const DIAGONALS: readonly StrategyKey[] = ['long_call_diagonal_spread', 'long_put_diagonal_spread'];

const distinct = (xs: readonly number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);

const dayNumber = (date: string): number =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

const meanStrike = (legs: readonly PositionLeg[]): number =>
  legs.reduce((s, l) => s + l.strike, 0) / legs.length;

function shape(analysis: PLAnalysis, wings: readonly [number, number] | null): Shape | null {
  const down = analysis.plAtZero >= -analysis.tolerance;
  const up = analysis.plAtInfinity >= -analysis.tolerance;
  if (down && !up) return 'riskless_down';
  if (up && !down) return 'riskless_up';
  if (wings && Math.abs(wings[0] - wings[1]) <= 1e-9 * Math.max(wings[0], wings[1])) return 'balanced';
  return null;
}

/** An iron condor's wings: (put spread width, call spread width). */
function condorWings(options: readonly PositionLeg[]): readonly [number, number] | null {
  const side = (isCall: boolean) => distinct(options.filter((l) => l.isCall === isCall).map((l) => l.strike));
  const puts = side(false);
  const calls = side(true);
  if (puts.length !== 2 || calls.length !== 2) return null;
  return [puts[1]! - puts[0]!, calls[1]! - calls[0]!];
}

/** A butterfly's wings (call, put or iron): lower and upper distance from the body strike. */
function butterflyWings(strikes: readonly number[]): readonly [number, number] | null {
  return strikes.length === 3 ? [strikes[1]! - strikes[0]!, strikes[2]! - strikes[1]!] : null;
}

export function tradeGeometry(strategy: StrategyKey, pos: Position, analysis: PLAnalysis): Geometry {
  const options = pos.legs.filter((l) => l.kind === 'option');
  const ks = pos.strikes;
  const expiries = distinct(options.map((l) => l.expiryMs));
  const days = distinct(options.map((l) => dayNumber(l.expiration!)));
  const front = options.filter((l) => l.expiryMs === expiries[0]);
  const back = options.filter((l) => l.expiryMs === expiries.at(-1));
  const wings = BUTTERFLIES.includes(strategy) ? butterflyWings(ks) : null;
  return {
    spread_width: ks.length >= 2 ? ks.at(-1)! - ks[0]! : null,
    strike_diff: expiries.length >= 2 ? meanStrike(back) - meanStrike(front) : null,
    butterfly_width: wings ? Math.max(...wings) : null,
    expiration_diff_days: days.length > 0 ? days.at(-1)! - days[0]! : null,
    iron_condor_shape: strategy === 'iron_condor' ? shape(analysis, condorWings(options)) : null,
    butterfly_shape: BUTTERFLIES.includes(strategy) ? shape(analysis, wings) : null,
    diagonal_spread_shape: DIAGONALS.includes(strategy) ? shape(analysis, null) : null,
  };
}
