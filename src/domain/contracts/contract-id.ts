/**
 * Contract ids, as the spec writes them:
 * - stock: capital letters and dots, e.g. `BRK.B`;
 * - option: underlying, expiration as yyMMdd (years 2000-2099), C or P, strike in dollars with
 *   optional decimals, e.g. `AAPL250117C150`, `SPY250620P432.5`.
 * Anything else is 'Unknown contract type.'.
 */
import { type Contract, type OptionContract, Right } from './contract.ts';
import { isStockSymbol, SYMBOL_PATTERN } from './stock-symbol.ts';

export class UnknownContractError extends Error {
  readonly code = 'UNKNOWN_CONTRACT';
  constructor() {
    super('Unknown contract type.');
    this.name = 'UnknownContractError';
  }
}

const OPTION_ID = new RegExp(`^(${SYMBOL_PATTERN})(\\d{2})(\\d{2})(\\d{2})([CP])(\\d+(?:\\.\\d+)?)$`);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids any time-zone effect.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses a stock or option id; throws UnknownContractError for anything else. */
export function parseContractId(id: string): Contract {
  if (isStockSymbol(id)) return { kind: 'stock', symbol: id };
  const m = OPTION_ID.exec(id);
  if (!m) throw new UnknownContractError();
  const [, underlying, yy, mm, dd, cp, strikeText] = m;
  const year = 2000 + Number(yy);
  const strike = Number(strikeText);
  if (!isCalendarDate(year, Number(mm), Number(dd)) || !(strike > 0) || !Number.isFinite(strike)) {
    throw new UnknownContractError();
  }
  return {
    kind: 'option',
    underlying: underlying!,
    right: cp === 'C' ? Right.Call : Right.Put,
    expiration: `${year}-${mm}-${dd}`,
    strike,
  };
}

/** Strike in plain decimal notation without trailing zeros (150, 432.5, 0.0001). */
function formatStrike(strike: number): string {
  if (!(strike > 0) || !Number.isFinite(strike) || strike >= 1e21) throw new UnknownContractError();
  const plain = String(strike);
  if (!plain.includes('e')) return plain;
  // Below 1e-6 String() switches to exponent notation; strikes that small are not real, but keep the
  // id parseable anyway.
  return strike.toFixed(20).replace(/\.?0+$/, '');
}

/** The id of an option; throws UnknownContractError for an invalid underlying, date or strike. */
export function optionId(underlying: string, right: Right, expiration: string, strike: number): string {
  const d = ISO_DATE.exec(expiration);
  if (!isStockSymbol(underlying) || !d) throw new UnknownContractError();
  const [, yyyy, mm, dd] = d;
  const year = Number(yyyy);
  if (year < 2000 || year > 2099 || !isCalendarDate(year, Number(mm), Number(dd)))
    throw new UnknownContractError();
  return `${underlying}${yyyy!.slice(2)}${mm}${dd}${right === Right.Call ? 'C' : 'P'}${formatStrike(strike)}`;
}

/** The id of a contract; `parseContractId(formatContractId(c))` gives `c` back. */
export function formatContractId(c: Contract): string {
  if (c.kind === 'stock') {
    if (!isStockSymbol(c.symbol)) throw new UnknownContractError();
    return c.symbol;
  }
  const o: OptionContract = c;
  return optionId(o.underlying, o.right, o.expiration, o.strike);
}
