/**
 * The realism table as docs/MARKET.md shows it, between its two markers: the simulator's chains of
 * the calibration underlyings, each at its real chain's quote time, against the stored statistics
 * of the real chains (realism.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { projectRoot } from '#server/config.ts';
import { chainStats } from './chain-stats.ts';
import { type RealismStats, realismStats, realismTable } from './realism.ts';
import { simulatedSample } from './samples.ts';

export const REALISM_FILE = new URL('./realism.json', import.meta.url);
const DOC = resolve(projectRoot, 'docs/MARKET.md');
const BEGIN = '<!-- realism table: written by src/server/market/reference/realism-report.ts -->';
const END = '<!-- end of realism table -->';

export type RealChains = Readonly<Record<string, RealismStats & { readonly asOf: string }>>;

export function realChains(): RealChains {
  return JSON.parse(readFileSync(REALISM_FILE, 'utf8')) as RealChains;
}

/** The simulator's statistics for each real chain's underlying at its quote time. */
export function simulatedChains(real: RealChains): Record<string, RealismStats> {
  const out: Record<string, RealismStats> = {};
  for (const [symbol, r] of Object.entries(real)) {
    const sample = simulatedSample(symbol, Date.parse(r.asOf));
    out[symbol] = realismStats(chainStats(sample), sample.spot);
  }
  return out;
}

export function realismMarkdown(real = realChains(), sim = simulatedChains(real)): string {
  return realismTable(Object.keys(real), sim, real);
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
