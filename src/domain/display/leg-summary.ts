/**
 * The one-line leg summary of analyzer result cards (spec 3 §2): expiration as DD-MMM-YY,
 * BUY or SELL, the quantity only when the legs' quantities differ, strike and C/P letter:
 *   '17-Jan-25 BUY 150C, SELL 155C'
 *   '17-Jan-25 BUY 1 150C, SELL 2 155C'            (ratio)
 *   '17-Jan-25 SELL 150C, 21-Feb-25 BUY 150C'      (several expirations: a date per leg)
 *   '17-Jan-25 BUY 100 KO, SELL 65C'               (a stock leg shows shares and symbol)
 */
import type { Leg } from '../contracts/contract.ts';
import { isoDateParts, monthAbbreviation } from '../orders/iso-date.ts';

/** '2025-01-17' → '17-Jan-25'. */
export function formatLegDate(date: string): string {
  const { year, month, day } = isoDateParts(date);
  const mon = monthAbbreviation(month);
  const yy = String(year % 100).padStart(2, '0');
  return `${String(day).padStart(2, '0')}-${mon[0]}${mon.slice(1).toLowerCase()}-${yy}`;
}

export function legSummary(legs: readonly Leg[]): string {
  const options = legs.flatMap((leg) =>
    leg.contract.kind === 'option' ? [{ ...leg, contract: leg.contract }] : [],
  );
  const oneDate = new Set(options.map((leg) => leg.contract.expiration)).size === 1;
  const showQuantity = new Set(options.map((leg) => Math.abs(leg.quantity))).size > 1;
  const parts = legs.map(({ contract, quantity }) => {
    const side = quantity > 0 ? 'BUY' : 'SELL';
    if (contract.kind === 'stock') return `${side} ${Math.abs(quantity)} ${contract.symbol}`;
    const date = oneDate ? '' : `${formatLegDate(contract.expiration)} `;
    const amount = showQuantity ? ` ${Math.abs(quantity)}` : '';
    return `${date}${side}${amount} ${contract.strike}${contract.right === 'CALL' ? 'C' : 'P'}`;
  });
  const [first] = options;
  const line = parts.join(', ');
  return oneDate && first ? `${formatLegDate(first.contract.expiration)} ${line}` : line;
}
