/**
 * A trade's legs in one line, as a phone's result card and trade card show them:
 *   'Buy 1 AAPL Dec 19 '26 200C · Sell 1 AAPL Dec 19 '26 210C'
 *   'Buy 100 KO · Sell 1 KO Jan 16 '26 65C'        (a stock leg: its shares and symbol)
 * Quantities are contracts for options and shares for stock; the year stays, as a card may
 * hold a LEAPS leg beside a near one.
 */
import type { Leg } from '../contracts/contract.ts';
import { monthAbbreviation, parseIsoDate } from '../orders/iso-date.ts';

export const LEG_SEPARATOR = ' · ';

/** '2026-12-19' → "Dec 19 '26"; anything but a date as given. */
export function shortExpiration(date: string): string {
  const parts = parseIsoDate(date);
  if (!parts) return date;
  const { year, month, day } = parts;
  const mon = monthAbbreviation(month);
  return `${mon[0]}${mon.slice(1).toLowerCase()} ${day} '${String(year % 100).padStart(2, '0')}`;
}

export function legText({ contract, quantity }: Leg): string {
  const side = `${quantity < 0 ? 'Sell' : 'Buy'} ${Math.abs(quantity)}`;
  if (contract.kind === 'stock') return `${side} ${contract.symbol}`;
  const right = contract.right === 'CALL' ? 'C' : 'P';
  return `${side} ${contract.underlying} ${shortExpiration(contract.expiration)} ${contract.strike}${right}`;
}

export const legsLine = (legs: readonly Leg[]): string => legs.map(legText).join(LEG_SEPARATOR);
