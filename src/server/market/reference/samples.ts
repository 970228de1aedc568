/**
 * The chains compared by the calibration report and the realism table: a real chain read from the
 * reference data's quotes file, and the simulator's chain of the same underlying at the same
 * instant (its spot is the reference last close, so comparisons are scale-free).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { loadReferenceData, type ReferenceData } from '../reference-data.ts';
import { createSimulatedMarket } from '../simulator.ts';
import { type ChainSample, type QuoteRow, realChainRows } from './chain-stats.ts';
import { parseCsvRecords } from './csv.ts';

/** The real chains used for calibration and their quote times (about the last trade in each). */
export const QUOTE_TIME: Readonly<Record<string, string>> = {
  'SPY_2026-02-11_intraday': '2026-02-11T16:30:00Z',
  'QQQ_2026-02-11_intraday': '2026-02-11T16:30:00Z',
  'AAPL_2026-02-11_intraday': '2026-02-11T17:30:00Z',
};
const RATE = 0.0368; // DTB3 3.61% (discount basis) on 2026-02-11, continuous

/** A real chain of `<root>/options/option_chain_quotes.csv` (expirations with adjusted strikes left out). */
export function realSample(root: string, id: string): ChainSample {
  const quotes = parseCsvRecords(readFileSync(join(root, 'options/option_chain_quotes.csv'), 'utf8'));
  const snapshots = parseCsvRecords(readFileSync(join(root, 'options/option_chain_snapshots.csv'), 'utf8'));
  const snap = snapshots.find((s) => s.snapshot_id === id) as Record<string, string>;
  const rows = realChainRows(quotes, id);
  const underlying = snap.underlying as string;
  const kind = loadReferenceData().symbols.find((s) => s.symbol === underlying)?.kind;
  if (kind === undefined) throw new Error(`${underlying} is not in the reference data`);
  return {
    underlying,
    spot: Number(snap.spot),
    asOfMs: Date.parse(QUOTE_TIME[id] as string),
    rate: RATE,
    rows,
    exerciseStyle: exerciseStyleOf(kind),
  };
}

/** The simulator's chain of `symbol` at `asOfMs` (seed 1, New York hours), from the shipped or a given reference. */
export function simulatedSample(symbol: string, asOfMs: number, reference?: ReferenceData): ChainSample {
  const market = createSimulatedMarket(
    { seed: 1, universe: 'S', hours: 'nyse', symbols: [symbol], asOfMs },
    reference ? { clock: () => asOfMs, reference } : { clock: () => asOfMs },
  );
  const chain = market.optionChain(symbol);
  if (!chain) throw new Error(`no chain for ${symbol}`);
  const rows: QuoteRow[] = chain.options.map((o) => ({
    expiration: o.contract.expiration,
    isCall: o.contract.right === 'CALL',
    strike: o.contract.strike,
    bid: o.bid,
    ask: o.ask,
    openInterest: o.openInterest,
    volume: o.volume,
  }));
  const kind = market.detail(symbol)?.info.kind;
  market.close();
  if (kind === undefined) throw new Error(`no detail for ${symbol}`);
  return {
    underlying: symbol,
    spot: chain.spot,
    asOfMs,
    rate: market.riskFreeRate(),
    rows,
    exerciseStyle: exerciseStyleOf(kind),
  };
}
