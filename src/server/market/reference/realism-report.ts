/**
 * The realism table of docs/MARKET.md: the simulator's chains against the real ones, one statistic
 * a row (realism.ts). With the reference data at hand it also refits what is fitted on the real
 * chains (model.json: the 30-day smiles `smile30`, the funds' option activity of the spread's
 * liquidity, then the open-interest classes, oi-fit.ts) and
 * stores their statistics (realism.json), which the tests compare the simulator with:
 *
 *   node src/server/market/reference/realism-report.ts <path to data/market>   refit, store, write the table
 *   node src/server/market/reference/realism-report.ts                          write the table from realism.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadReferenceData, type MarketModel, type ReferenceData } from '../reference-data.ts';
import { chainStats, openInterestProfile } from './chain-stats.ts';
import { fitOpenInterestClasses } from './oi-fit.ts';
import { ivAtDelta, realismStats } from './realism.ts';
import {
  REALISM_FILE,
  type RealChains,
  realChains,
  realismMarkdown,
  simulatedChains,
  writeRealismSection,
} from './realism-doc.ts';
import { QUOTE_TIME, realSample } from './samples.ts';
import { FIT_DELTAS, fitSmileByDelta } from './smile-fit.ts';

const root = process.argv[2];
/** The shipped reference data, or the one just refitted (the loaded copy predates the refit). */
let reference: ReferenceData | undefined;
if (root) {
  const real: Record<string, RealChains[string]> = {};
  const smile30: Record<string, { rho: number; eta: number; atm: number }> = {};
  /** Option notional traded in the chain per dollar of the underlying's average daily volume. */
  const activity: Record<string, number> = {};
  const shipped = loadReferenceData();
  for (const [id, asOf] of Object.entries(QUOTE_TIME)) {
    const sample = realSample(root, id);
    const ref = shipped.symbols.find((s) => s.symbol === sample.underlying);
    const traded = sample.rows.reduce((n, r) => n + r.volume, 0) * 100 * sample.spot;
    if (ref) activity[sample.underlying] = traded / (ref.avgVolume * ref.lastClose);
    const stats = chainStats(sample);
    const profile = openInterestProfile(stats);
    real[sample.underlying] = {
      asOf,
      ...realismStats(stats, sample.spot),
      oiByU: profile.byU,
      oiByTerm: profile.byDte,
    };
    const e = stats
      .filter((x) => x.days >= 14 && x.days <= 60 && x.atmIv > 0)
      .sort((a, b) => Math.abs(a.days - 30) - Math.abs(b.days - 30))[0];
    if (!e) continue;
    const fit = fitSmileByDelta(
      e.atmIv,
      e.years,
      FIT_DELTAS.map((d) => ivAtDelta(e, d) / e.atmIv),
    );
    smile30[sample.underlying] = { rho: fit.rho, eta: fit.eta, atm: Math.round(e.atmIv * 1e4) / 1e4 };
  }
  const round = (_: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e4) / 1e4 : v);
  writeFileSync(REALISM_FILE, `${JSON.stringify(real, round, 2)}\n`);
  const modelUrl = new URL('./model.json', import.meta.url);
  const read = JSON.parse(readFileSync(modelUrl, 'utf8')) as MarketModel;
  const withSmiles = { ...shipped, model: { ...read, smile30 } };
  const classes = fitOpenInterestClasses(real, withSmiles);
  const model = {
    ...withSmiles.model,
    spread: { ...withSmiles.model.spread, fundOptionActivity: fundOptionActivity(activity, shipped) },
    openInterest: { ...withSmiles.model.openInterest, classes },
  };
  writeFileSync(modelUrl, `${JSON.stringify(model, null, 2)}\n`);
  reference = { ...shipped, model };
}
writeRealismSection(realismMarkdown(realChains(), simulatedChains(realChains(), reference)));

/**
 * How much more option notional a fund's chain trades per dollar of its shares traded than a
 * stock's: the geometric means over the real chains of each kind (SPY and QQQ; AAPL).
 */
function fundOptionActivity(activity: Readonly<Record<string, number>>, reference: ReferenceData): number {
  const mean = (fund: boolean) => {
    const xs = Object.entries(activity)
      .filter(([s]) => (reference.symbols.find((r) => r.symbol === s)?.kind !== 1) === fund)
      .map(([, x]) => Math.log(x));
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  return Math.round(Math.exp(mean(true) - mean(false)) * 100) / 100;
}
