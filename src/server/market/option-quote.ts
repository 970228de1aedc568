/** One option row of a snapshot frame as the provider's `OptionQuote`. */
import type { OptionContract } from '#domain/contracts/contract.ts';
import { optionId } from '#domain/contracts/contract-id.ts';
import type { OptionQuote } from './provider.ts';
import type { SnapshotFrame } from './snapshot.ts';

const r2 = (x: number) => Math.round(x * 100) / 100;

export function optionQuoteAt(f: SnapshotFrame, j: number, symbol: string, expiration: string): OptionQuote {
  const o = f.options;
  const right = o.right[j] === 1 ? 'CALL' : 'PUT';
  const contract: OptionContract = {
    kind: 'option',
    underlying: symbol,
    right,
    expiration,
    strike: o.strike[j] as number,
  };
  const prev = o.prevClose[j] as number;
  const last = o.last[j] as number;
  return {
    contract,
    id: optionId(symbol, right, expiration, contract.strike),
    bid: o.bid[j] as number,
    ask: o.ask[j] as number,
    mid: o.mid[j] as number,
    last,
    previousClose: prev,
    change: r2(last - prev),
    changePercent: prev > 0 ? last / prev - 1 : 0,
    high: o.high[j] as number,
    low: o.low[j] as number,
    volume: o.volume[j] as number,
    openInterest: o.openInterest[j] as number,
    iv: o.iv[j] as number,
    delta: o.delta[j] as number,
    gamma: o.gamma[j] as number,
    theta: o.theta[j] as number,
    vega: o.vega[j] as number,
    daysToExpiry: o.days[j] as number,
  };
}
