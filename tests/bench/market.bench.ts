/**
 * Market simulator benchmark: build time and resident memory for S, M and L (one child process
 * per size, so memory is clean), and the tick update of M (a full tick, where every underlying
 * moved and every option is repriced, and a typical one-second tick).
 *
 *   node tests/bench/market.bench.ts            writes the `market` section of docs/BENCHMARKS.md
 *   node tests/bench/market.bench.ts --child M  one size, prints JSON (used by the parent)
 *   node tests/bench/market.bench.ts --child M belowExercise   the same with the earlier American
 *                                               pass (`AmericanPricing`), to time both in one run
 *
 * Method (docs/BENCHMARKS.md): 3 warm-ups, 25 timed runs, median and p95. Builds are timed on the
 * wall clock (process.hrtime.bigint()); updates in CPU time of the process (process.cpuUsage(),
 * user + system, around the update only), which other work on the shared machine disturbs far less
 * than the wall clock. Targets: M builds in < 10 s, the process stays < 1.5 GB, a full tick of M
 * < 100 ms.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AmericanPricing } from '#server/market/chain-pricer.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { machineLine, percentiles, writeBenchSection } from './report.ts';

const START = Date.parse('2026-03-04T15:30:00Z'); // a Wednesday, 10:30 New York
const WARMUP = 3;
const RUNS = 25;
/** Children of M per American pass for the comparison. */
const PAIRS = 3;

interface ChildResult {
  size: string;
  underlyings: number;
  options: number;
  snapshotMb: number;
  buildMs: number;
  rssMb: number;
  maxRssMb: number;
  heapMb: number;
  fullTick?: { p50: number; p95: number };
  secondTick?: { p50: number; p95: number };
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** CPU milliseconds (user + system) of one update. */
function cpuMs(update: () => void): number {
  const start = process.cpuUsage();
  update();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

function child(size: 'S' | 'M' | 'L', americanPricing: AmericanPricing): ChildResult {
  let now = START;
  const t0 = process.hrtime.bigint();
  const market = createSimulatedMarket(
    { seed: 1, universe: size, hours: 'always' },
    { clock: () => now, americanPricing },
  );
  const snap = market.snapshot();
  const buildMs = ms(t0);
  const result: ChildResult = {
    size,
    underlyings: snap.underlyingCount,
    options: snap.optionCount,
    snapshotMb: snap.byteLength / 1e6,
    buildMs,
    rssMb: 0,
    maxRssMb: 0,
    heapMb: 0,
  };
  if (size === 'M') {
    // A minute between updates: every underlying has moved (and is stale), so all options reprice.
    const full: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      now += 60_000;
      const cpu = cpuMs(() => market.advance());
      if (i >= WARMUP) full.push(cpu);
    }
    const second: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      now += 1000;
      const cpu = cpuMs(() => market.advance());
      if (i >= WARMUP) second.push(cpu);
    }
    result.fullTick = percentiles(full);
    result.secondTick = percentiles(second);
  }
  const mem = process.memoryUsage();
  result.rssMb = mem.rss / 1e6;
  result.heapMb = mem.heapUsed / 1e6;
  // maxRSS is in KiB.
  result.maxRssMb = (process.resourceUsage().maxRSS * 1024) / 1e6;
  return result;
}

function parent(): void {
  const self = fileURLToPath(import.meta.url);
  const load = loadavg()[0] ?? 0;
  const run = (size: string, american: AmericanPricing) =>
    JSON.parse(
      execFileSync(process.execPath, [self, '--child', size, american], { encoding: 'utf8' }),
    ) as ChildResult;
  const results = (['S', 'M', 'L'] as const).map((size) => run(size, 'full'));
  // The American pass against the earlier one (price only, rows below exercise value): children
  // in alternation, so that a change of load over the run hits both alike; medians of the pairs.
  const pairs = Array.from({ length: PAIRS }, () => [run('M', 'full'), run('M', 'belowExercise')] as const);
  const loadEnd = loadavg()[0] ?? 0;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1] as number;
  const p50 = (r: ChildResult, tick: 'fullTick' | 'secondTick') => r[tick]?.p50 ?? Number.NaN;
  const paired = (tick: 'fullTick' | 'secondTick', side: 0 | 1) =>
    median(pairs.map((p) => p50(p[side], tick)));
  const ratio = median(pairs.map(([now, was]) => p50(now, 'fullTick') / p50(was, 'fullTick')));
  const f0 = (x: number) => x.toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  const m = results.find((r) => r.size === 'M');
  const lines = [
    '## Market simulator',
    '',
    `${machineLine()}; 1-minute load average ${load.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end (the machine is shared: updates are timed in CPU time of the process, which the load disturbs less than the wall clock, but not at all only on a quiet machine).`,
    '`node tests/bench/market.bench.ts`: one child process per size, seed 1, `hours: always`.',
    '',
    '| size | underlyings | options | snapshot (both frames) | build | RSS at the end | peak RSS | JS heap |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.size} | ${r.underlyings} | ${r.options.toLocaleString('en-US')} | ${f0(r.snapshotMb)} MB | ${f0(r.buildMs)} ms | ${f0(r.rssMb)} MB | ${f0(r.maxRssMb)} MB | ${f0(r.heapMb)} MB |`,
    ),
    '',
    'RSS at the end: after the build (S, L) or after the 56 timed updates (M).',
    '',
    `Tick update of M (${m?.options.toLocaleString('en-US')} options), ${RUNS} runs after ${WARMUP} warm-ups, CPU time of the process:`,
    '',
    '| update | median CPU | p95 CPU | per option (median) |',
    '| --- | ---: | ---: | ---: |',
    `| full tick (every underlying moved, all options repriced) | ${f1(m?.fullTick?.p50 ?? Number.NaN)} ms | ${f1(m?.fullTick?.p95 ?? Number.NaN)} ms | ${f0(((m?.fullTick?.p50 ?? 0) * 1e6) / (m?.options ?? 1))} ns |`,
    `| one-second tick (the underlyings that traded) | ${f1(m?.secondTick?.p50 ?? Number.NaN)} ms | ${f1(m?.secondTick?.p95 ?? Number.NaN)} ms | |`,
    '',
    `American options are priced with their greeks on every row where early exercise can pay (docs/MARKET.md, "Option chains"); the earlier pass priced them only where the European price was below the exercise value. Both in the same run, ${PAIRS} children each in alternation (median of their medians):`,
    '',
    '| M, full tick | median CPU | one-second tick, median CPU |',
    '| --- | ---: | ---: |',
    `| American price and greeks on every row | ${f1(paired('fullTick', 0))} ms | ${f1(paired('secondTick', 0))} ms |`,
    `| earlier pass: price only, rows below exercise value | ${f1(paired('fullTick', 1))} ms | ${f1(paired('secondTick', 1))} ms |`,
    '',
    `Full tick: ${ratio.toFixed(2)}× the earlier pass (median of the ${PAIRS} pairs' ratios).`,
    '',
    'Targets: M builds in < 10 s, the process stays < 1.5 GB, a full tick of M < 100 ms.',
  ];
  const md = lines.join('\n');
  writeBenchSection('market', md);
  console.log(md);
}

const i = process.argv.indexOf('--child');
if (i >= 0)
  console.log(
    JSON.stringify(
      child(process.argv[i + 1] as 'S' | 'M' | 'L', (process.argv[i + 2] ?? 'full') as AmericanPricing),
    ),
  );
else parent();
