/**
 * IV Rank badge colour (spec 2 §9.3). Selling premium likes a high IV rank, buying premium a
 * low one: for sold-premium strategies a rank at or above 0.8 is good (success) and at or below
 * 0.2 bad (error); bought-premium strategies have the colours reversed; anything else, or a
 * missing rank, stays neutral. Rank is a fraction 0–1.
 */

export const BadgeTone = { Success: 'success', Error: 'error', Neutral: 'neutral' } as const;
export type BadgeTone = (typeof BadgeTone)[keyof typeof BadgeTone];

export const IV_RANK_HIGH = 0.8;
export const IV_RANK_LOW = 0.2;

export const SOLD_PREMIUM_STRATEGIES: ReadonlySet<string> = new Set([
  'naked_call',
  'naked_put',
  'covered_call',
  'bear_call_spread',
  'bull_put_spread',
  'short_straddle',
  'short_strangle',
  'call_butterfly',
  'put_butterfly',
  'iron_butterfly',
  'iron_condor',
  'call_ratio_spread',
  'put_ratio_spread',
]);

export const BOUGHT_PREMIUM_STRATEGIES: ReadonlySet<string> = new Set([
  'long_call',
  'long_put',
  'married_call',
  'married_put',
  'bull_call_spread',
  'bear_put_spread',
  'long_straddle',
  'long_strangle',
  'long_call_calendar_spread',
  'long_put_calendar_spread',
  'long_call_diagonal_spread',
  'long_put_diagonal_spread',
  'collar',
]);

export function ivRankBadge(strategy: string, rank: number | null | undefined): BadgeTone {
  if (rank === null || rank === undefined || Number.isNaN(rank)) return BadgeTone.Neutral;
  const band = rank >= IV_RANK_HIGH ? 'high' : rank <= IV_RANK_LOW ? 'low' : 'middle';
  if (band === 'middle') return BadgeTone.Neutral;
  if (SOLD_PREMIUM_STRATEGIES.has(strategy)) return band === 'high' ? BadgeTone.Success : BadgeTone.Error;
  if (BOUGHT_PREMIUM_STRATEGIES.has(strategy)) return band === 'high' ? BadgeTone.Error : BadgeTone.Success;
  return BadgeTone.Neutral;
}
