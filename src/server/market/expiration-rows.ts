/**
 * The chain's expirations with their ATM implied volatility (`GET /underlyings/{symbol}/expirations`):
 * the analyzer's On Date choices and its implied-move buttons (±1 and ±2 σ·√T of the date).
 */
import type { ExpirationRow } from '#api/market.ts';
import { daysToExpiry, yearsToExpiry } from '#domain/contracts/expiry.ts';
import { atmImpliedVolatility } from '#domain/scenario/atm-iv.ts';
import type { OptionChain } from './provider.ts';

export function expirationRows(chain: OptionChain): ExpirationRow[] {
  const byDate = new Map<string, { strike: number; iv: number }[]>();
  for (const o of chain.options) {
    // Only quoted options: an IV without a bid or an ask is the surface's, not the market's.
    if (!(o.ask > 0)) continue;
    const list = byDate.get(o.contract.expiration) ?? [];
    list.push({ strike: o.contract.strike, iv: o.iv });
    byDate.set(o.contract.expiration, list);
  }
  return chain.expirations
    .filter((e) => yearsToExpiry(e.date, chain.asOf) > 0)
    .map((e) => {
      const years = yearsToExpiry(e.date, chain.asOf);
      const forward = chain.spot * Math.exp((chain.riskFreeRate - chain.dividendYield) * years);
      return {
        date: e.date,
        daysToExpiry: daysToExpiry(e.date, chain.asOf),
        atmIv: atmImpliedVolatility(byDate.get(e.date) ?? [], forward),
      };
    });
}
