import { OPTION_MULTIPLIER } from '../contracts/contract.ts';
import { type FilterPreset, preset } from './filter-definition.ts';

/** Shortest decimal form, grouped by thousands, with a true minus sign: 1500 → "1,500", −0.5 → "−0.5". */
const plain = (x: number): string => {
  const [int = '0', frac] = String(Number(Math.abs(x).toFixed(6))).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${x < 0 ? '−' : ''}${grouped}${frac === undefined ? '' : `.${frac}`}`;
};

/** Label formats for stored values: fractions as percent, dollars, dollars per contract, plain numbers. */
export const asPercent = (x: number): string => `${plain(x * 100)}%`;
export const asDollars = (x: number): string => (x < 0 ? `−$${plain(-x)}` : `$${plain(x)}`);
export const asContractDollars = (x: number): string => asDollars(x * OPTION_MULTIPLIER);
export const asNumber = plain;
export const asDays = (x: number): string => `${plain(x)} days`;

type Format = (x: number) => string;

export const atLeast = (values: readonly number[], format: Format): FilterPreset[] =>
  values.map((v) => preset(`≥ ${format(v)}`, v, null));
export const atMost = (values: readonly number[], format: Format): FilterPreset[] =>
  values.map((v) => preset(`≤ ${format(v)}`, null, v));
export const within = (values: readonly number[], format: Format): FilterPreset[] =>
  values.map((v) => preset(`±${format(v)}`, -v, v));
export const between = (bands: readonly (readonly [number, number])[], format: Format): FilterPreset[] =>
  bands.map(([lo, hi]) => preset(`${format(lo)} – ${format(hi)}`, lo, hi));
/** "Up"/"Down" around zero, then moves of at least ±v. */
export const signBands = (values: readonly number[], format: Format): FilterPreset[] => [
  preset('Up', 0, null),
  preset('Down', null, 0),
  ...values.flatMap((v) => [preset(`≥ ${format(v)}`, v, null), preset(`≤ ${format(-v)}`, null, -v)]),
];
