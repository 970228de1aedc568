/**
 * Number formats for displayed and exported values: fixed decimals, thousands grouped with commas,
 * an ASCII minus so spreadsheets read the CSV export, and no "-0".
 */
/** What a screen shows for a value it does not have. */
export const MISSING_VALUE = '—';

export const formatNumber = (x: number, decimals: number): string => {
  const fixed = Math.abs(x).toFixed(decimals);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = x < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
};

export const formatMoney = (x: number, decimals: number): string => {
  const body = formatNumber(Math.abs(x), decimals);
  return x < 0 && body !== formatNumber(0, decimals) ? `-$${body}` : `$${body}`;
};

const COMPACT_STEPS = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** Large dollar amounts with a unit suffix: $2.45T, $512.30B, $12.00M; below $1,000 as plain money. */
export const formatCompactMoney = (x: number, decimals: number): string => {
  const step = COMPACT_STEPS.find((s) => Math.abs(x) >= s.size);
  if (step === undefined) return formatMoney(x, decimals);
  return `${formatMoney(x / step.size, decimals)}${step.suffix}`;
};
