/**
 * The trades worth showing: those on the frontier of return against probability of profit (no
 * other trade has both a return and a probability at least as high, one of them higher), and ten
 * slots spread along it from the highest return (slot 0) to the highest probability (slot 9).
 */
import { SCENARIO_SLOTS } from './behaviors.ts';

/**
 * Indices of the frontier's trades, from the highest return to the highest probability (return
 * falling, probability rising). Of trades equal in both, the first listed is kept.
 */
export function frontier(
  returns: ArrayLike<number>,
  probs: ArrayLike<number>,
  count = returns.length,
): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => returns[b]! - returns[a]! || probs[b]! - probs[a]! || a - b);
  const kept: number[] = [];
  let best = -Infinity;
  for (const i of order) {
    if (probs[i]! > best) {
      kept.push(i);
      best = probs[i]!;
    }
  }
  return kept;
}

/**
 * Ten entries of the frontier `line` (as `frontier` orders it), evenly spaced by position: slot i
 * takes the entry at round(i·(n − 1)/9), so slot 0 is the highest return and slot 9 the highest
 * probability; a shorter frontier repeats entries in order. Empty for an empty frontier.
 */
export function slotsAlong<T>(line: readonly T[]): T[] {
  if (line.length === 0) return [];
  return Array.from(
    { length: SCENARIO_SLOTS },
    (_, i) => line[Math.round((i * (line.length - 1)) / (SCENARIO_SLOTS - 1))]!,
  );
}
