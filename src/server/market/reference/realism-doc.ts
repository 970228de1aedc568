/**
 * The realism tables as docs/MARKET.md shows them, between its two markers: the simulator's chains
 * of the calibration underlyings, each at its real chain's quote time, against the stored
 * statistics of the real chains (realism.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectRoot } from '#server/config.ts';
import type { ReferenceData } from '../reference-data.ts';
import { chainStats, DTE_BUCKETS, openInterestProfile, U_BUCKETS } from './chain-stats.ts';
import { type RealismStats, realismStats, realismTable } from './realism.ts';
import { simulatedSample } from './samples.ts';

export const REALISM_FILE = new URL('./realism.json', import.meta.url);
const DOC = resolve(projectRoot, 'docs/MARKET.md');
const BEGIN = '<!-- realism table: written by src/server/market/reference/realism-report.ts -->';
const END = '<!-- end of realism table -->';

/** A chain's statistics with its open-interest profiles (chain-stats.ts `openInterestProfile`). */
export type ChainRealism = RealismStats & {
  readonly oiByU: readonly number[];
  readonly oiByTerm: readonly number[];
};

/** The real chains' statistics and quote times; oi-fit.ts fits on their profiles. */
export type RealChains = Readonly<Record<string, ChainRealism & { readonly asOf: string }>>;

export function realChains(): RealChains {
  return JSON.parse(readFileSync(REALISM_FILE, 'utf8')) as RealChains;
}

/** The simulator's statistics for each real chain's underlying at its quote time. */
export function simulatedChains(real: RealChains, reference?: ReferenceData): Record<string, ChainRealism> {
  const out: Record<string, ChainRealism> = {};
  for (const [symbol, r] of Object.entries(real)) {
    const sample = simulatedSample(symbol, Date.parse(r.asOf), reference);
    const stats = chainStats(sample);
    const profile = openInterestProfile(stats);
    out[symbol] = { ...realismStats(stats, sample.spot), oiByU: profile.byU, oiByTerm: profile.byDte };
  }
  return out;
}

/**
 * What docs/MARKET.md shows between its markers: the realism table, then where each chain holds its
 * open interest, by out-of-the-money distance and by days to expiry, simulated / real.
 */
export function realismMarkdown(real = realChains(), sim = simulatedChains(real)): string {
  const symbols = Object.keys(real);
  const signed = (x: number | undefined) => String(x).replace('-', '−');
  const uLabels = [
    `< ${signed(U_BUCKETS[0])}`,
    ...U_BUCKETS.slice(1).map((b, i) => `${signed(U_BUCKETS[i])}…${signed(b)}`),
    `≥ ${signed(U_BUCKETS.at(-1))}`,
  ];
  const termLabels = ['< 7 d', ...DTE_BUCKETS.map((b) => b.label)];
  return [
    realismTable(symbols, sim, real),
    '',
    profileTable(
      'OI share by u (ATM sd out of the money, − in the money)',
      uLabels,
      symbols.map((s) => [s, sim[s]?.oiByU ?? [], real[s]?.oiByU ?? []]),
    ),
    '',
    profileTable(
      'OI share by days to expiry',
      termLabels,
      symbols.map((s) => [s, sim[s]?.oiByTerm ?? [], real[s]?.oiByTerm ?? []]),
    ),
  ].join('\n');
}

function profileTable(
  title: string,
  labels: readonly string[],
  rows: readonly (readonly [string, readonly number[], readonly number[]])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const pct = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(1)}%`);
  return [
    line([`${title}, simulated / real`, ...labels]),
    line(['---', ...labels.map(() => '---:')]),
    ...rows.map(([symbol, sim, real]) =>
      line([symbol, ...labels.map((_, i) => `${pct(sim[i])} / ${pct(real[i])}`)]),
    ),
  ].join('\n');
}

/** The table as it stands in docs/MARKET.md. */
export function documentedRealism(): string {
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  return from < 0 || to < from ? '' : doc.slice(from + BEGIN.length, to).trim();
}

export function writeRealismSection(table: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(BEGIN);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/MARKET.md lacks the realism markers ${BEGIN} … ${END}`);
  writeFileSync(DOC, `${doc.slice(0, from + BEGIN.length)}\n\n${table}\n\n${doc.slice(to)}`);
}
