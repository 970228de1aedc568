/**
 * The realism table of docs/MARKET.md: the simulator's chains against the real ones, one statistic
 * a row (realism.ts). With the reference data at hand it also refits what is fitted on the real
 * chains' 30-day smiles (model.json `smile30`) and stores their statistics (realism.json), which the
 * tests compare the simulator with:
 *
 *   node src/server/market/reference/realism-report.ts <path to data/market>   refit, store, write the table
 *   node src/server/market/reference/realism-report.ts                          write the table from realism.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chainStats } from './chain-stats.ts';
import { ivAtDelta, type RealismStats, realismStats } from './realism.ts';
import { REALISM_FILE, realismMarkdown, writeRealismSection } from './realism-doc.ts';
import { QUOTE_TIME, realSample } from './samples.ts';
import { FIT_DELTAS, fitSmileByDelta } from './smile-fit.ts';

const root = process.argv[2];
if (root) {
  const real: Record<string, RealismStats & { asOf: string }> = {};
  const smile30: Record<string, { rho: number; eta: number; atm: number }> = {};
  for (const [id, asOf] of Object.entries(QUOTE_TIME)) {
    const sample = realSample(root, id);
    const stats = chainStats(sample);
    real[sample.underlying] = { asOf, ...realismStats(stats, sample.spot) };
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
  const model = JSON.parse(readFileSync(modelUrl, 'utf8')) as Record<string, unknown>;
  writeFileSync(modelUrl, `${JSON.stringify({ ...model, smile30 }, null, 2)}\n`);
}
writeRealismSection(realismMarkdown());
