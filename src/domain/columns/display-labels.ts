/** Text forms of coded values (spec 2 §9.4 display rules). */

/** Up to 1.5 Strong Buy; under 2.5 Buy; under 3.5 Hold; under 4.5 Sell; else Strong Sell. */
export const recommendationLabel = (mean: number): string => {
  if (mean <= 1.5) return 'Strong Buy';
  if (mean < 2.5) return 'Buy';
  if (mean < 3.5) return 'Hold';
  if (mean < 4.5) return 'Sell';
  return 'Strong Sell';
};

/** A change that rounds to 0.00 is 'No change'; lower (toward Strong Buy) is an upgrade. */
export const recommendationChangeLabel = (change: number): string => {
  const cents = Math.round(change * 100);
  if (cents === 0) return 'No change';
  return cents < 0 ? 'Upgrade' : 'Downgrade';
};

/** Under one day: 'expired' at zero or less, else 'in N hours'; otherwise 'in N days' (rounded). */
export const daysToExpirationLabel = (days: number): string => {
  if (days <= 0) return 'expired';
  if (days < 1) {
    const hours = Math.max(1, Math.round(days * 24));
    return hours === 1 ? 'in 1 hour' : `in ${hours} hours`;
  }
  const whole = Math.round(days);
  return whole === 1 ? 'in 1 day' : `in ${whole} days`;
};

/** `bull_put_spread` → 'Bull Put Spread'; `riskless_down` → 'Riskless down' with `sentence`. */
export const humanizeCode = (code: string, sentence = false): string => {
  const words = code.split('_').filter((w) => w !== '');
  return words.map((w, i) => (sentence && i > 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join(' ');
};

const EXPIRATION_CYCLE_LABELS: Readonly<Record<string, string>> = { standard: 'Monthly', weekly: 'Weekly' };
export const expirationCycleLabel = (code: string): string => EXPIRATION_CYCLE_LABELS[code] ?? code;
