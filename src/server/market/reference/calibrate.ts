/**
 * Calibration report: generated chains against the real ones, on the same statistics
 * (chain-stats.ts). Run on demand, prints Markdown for docs/MARKET.md:
 *
 *   node src/server/market/reference/calibrate.ts <path to data/market>
 *
 * The simulator is built at each real chain's quote time with the same underlying. Its spot is
 * the reference last close, not the chain's, so every comparison is scale-free (vol ratios,
 * moneyness in standard deviations) or by option price bucket.
 */
import {
  atmTermTable,
  chainStats,
  DTE_BUCKETS,
  type ExpiryStat,
  MID_BUCKETS,
  openInterestProfile,
  SMILE_Z,
  smileTable,
  spreadTable,
  U_BUCKETS,
} from './chain-stats.ts';
import { QUOTE_TIME, realSample, simulatedSample } from './samples.ts';

const root = process.argv[2] ?? '';
if (!root) {
  console.error('usage: node calibrate.ts <path to data/market>');
  process.exit(2);
}

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

function report(id: string): string {
  const real = realSample(root, id);
  const sim = simulatedSample(real.underlying, real.asOfMs);
  const r = chainStats(real);
  const s = chainStats(sim);
  const out: string[] = [
    `#### ${real.underlying} (real chain ${id}, ${real.rows.length} quotes; simulated ${sim.rows.length})`,
    '',
  ];
  // Smile: IV / ATM IV by z = ln(K/F)/√T.
  out.push(
    row(['IV / ATM IV at z = ln(K/F)/√T', ...SMILE_Z.map(String)]),
    row(['---', ...SMILE_Z.map(() => '---:')]),
  );
  const rs = smileTable(r);
  const ss = smileTable(s);
  DTE_BUCKETS.forEach((b, i) => {
    out.push(row([`${b.label} real`, ...(rs[i] ?? []).map(f2)]));
    out.push(row([`${b.label} sim`, ...(ss[i] ?? []).map(f2)]));
  });
  out.push('');
  out.push(
    row(['ATM IV', ...DTE_BUCKETS.map((b) => b.label)]),
    row(['---', ...DTE_BUCKETS.map(() => '---:')]),
  );
  out.push(row(['real', ...atmTermTable(r).map(f3)]), row(['sim', ...atmTermTable(s).map(f3)]), '');
  // Spreads by mid bucket.
  const labels = MID_BUCKETS.map((lo, i) => `$${lo}–${MID_BUCKETS[i + 1] ?? '∞'}`);
  out.push(row(['median bid/ask width ($)', ...labels]), row(['---', ...labels.map(() => '---:')]));
  const rw = spreadTable(r);
  const sw = spreadTable(s);
  for (const k of ['near', 'far', 'itm'] as const) {
    const name = { near: 'OTM ≤ 1 sd', far: 'OTM > 1 sd', itm: 'in the money' }[k];
    out.push(row([`${name} real`, ...rw[k].map(f2)]), row([`${name} sim`, ...sw[k].map(f2)]));
  }
  out.push('');
  // Open interest profile.
  const ro = openInterestProfile(r);
  const so = openInterestProfile(s);
  const uLabels = [
    `< ${U_BUCKETS[0]}`,
    ...U_BUCKETS.slice(1).map((b, i) => `${U_BUCKETS[i]}…${b}`),
    `≥ ${U_BUCKETS.at(-1)}`,
  ];
  out.push(row(['OI share by u (OTM sd, − = ITM)', ...uLabels]), row(['---', ...uLabels.map(() => '---:')]));
  out.push(row(['real', ...ro.byU.map(pct)]), row(['sim', ...so.byU.map(pct)]), '');
  const dLabels = ['< 7 d', ...DTE_BUCKETS.map((b) => b.label)];
  out.push(row(['OI share by days to expiry', ...dLabels]), row(['---', ...dLabels.map(() => '---:')]));
  out.push(row(['real', ...ro.byDte.map(pct)]), row(['sim', ...so.byDte.map(pct)]), '');
  out.push(summary(r, s));
  return out.join('\n');
}

/** Root-mean-square gap of smile ratios and the median width ratio, over the cells both have. */
function summary(r: readonly ExpiryStat[], s: readonly ExpiryStat[]): string {
  const a = smileTable(r).flat();
  const b = smileTable(s).flat();
  const gaps = a.flatMap((x, i) =>
    Number.isFinite(x) && Number.isFinite(b[i] as number) ? [(x - (b[i] as number)) ** 2] : [],
  );
  const rw = spreadTable(r);
  const sw = spreadTable(s);
  const ratios = (['near', 'far', 'itm'] as const).flatMap((k) =>
    rw[k].flatMap((x, i) =>
      Number.isFinite(x) && Number.isFinite(sw[k][i] as number) ? [(sw[k][i] as number) / x] : [],
    ),
  );
  ratios.sort((x, y) => x - y);
  return `Smile: RMS gap of IV/ATM ratios ${f3(Math.sqrt(gaps.reduce((p, q) => p + q, 0) / gaps.length))} over ${gaps.length} cells; widths: median sim/real ratio ${f2(ratios[ratios.length >> 1] as number)} (range ${f2(ratios[0] as number)}–${f2(ratios.at(-1) as number)}).\n`;
}

console.log(Object.keys(QUOTE_TIME).map(report).join('\n'));
