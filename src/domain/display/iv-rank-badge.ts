/**
 * IV Rank badge colour (spec 2 §9.3). Selling premium likes a high IV rank, buying premium a
 * low one: for sold-premium strategies a rank at or above 0.8 is good (success) and at or below
 * 0.2 bad (error); bought-premium strategies have the colours reversed; anything else, or a
 * missing rank, stays neutral. Rank is a fraction 0–1. Which side a strategy takes is the
 * strategy catalogue's `premium`.
 */
import { STRATEGIES } from '../strategies/catalogue.ts';
import { isStrategyKey } from '../strategies/strategy-key.ts';

export const BadgeTone = { Success: 'success', Error: 'error', Neutral: 'neutral' } as const;
export type BadgeTone = (typeof BadgeTone)[keyof typeof BadgeTone];

export const IV_RANK_HIGH = 0.8;
export const IV_RANK_LOW = 0.2;

export function ivRankBadge(strategy: string, rank: number | null | undefined): BadgeTone {
  if (rank === null || rank === undefined || Number.isNaN(rank)) return BadgeTone.Neutral;
  const band = rank >= IV_RANK_HIGH ? 'high' : rank <= IV_RANK_LOW ? 'low' : 'middle';
  if (band === 'middle' || !isStrategyKey(strategy)) return BadgeTone.Neutral;
  switch (STRATEGIES[strategy].premium) {
    case 'sold':
      return band === 'high' ? BadgeTone.Success : BadgeTone.Error;
    case 'bought':
      return band === 'high' ? BadgeTone.Error : BadgeTone.Success;
    default:
      return BadgeTone.Neutral;
  }
}
