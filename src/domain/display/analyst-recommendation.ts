/**
 * Analyst recommendation (spec 2 §9.4): the mean rating on the 1 (strong buy) to 5 (strong sell)
 * scale, and its change over a week, month or six months (lower is better, so a fall is an
 * upgrade).
 */

export function analystRecommendationText(rating: number | null | undefined): string | null {
  if (rating === null || rating === undefined || Number.isNaN(rating)) return null;
  if (rating <= 1.5) return 'Strong Buy';
  if (rating < 2.5) return 'Buy';
  if (rating < 3.5) return 'Hold';
  if (rating < 4.5) return 'Sell';
  return 'Strong Sell';
}

export function analystChangeText(change: number | null | undefined): string | null {
  if (change === null || change === undefined || Number.isNaN(change)) return null;
  if (change === 0) return 'No change';
  return change < 0 ? 'Upgrade' : 'Downgrade';
}
