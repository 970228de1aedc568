/**
 * The spreadsheet add-in's calls (docs/ADDIN.md): the user's add-in token, shown once when made,
 * which the Excel and Google Sheets add-ins sign in with; and the market figures their cell
 * functions read, for many symbols or contracts in one call (a sheet recalculates a column at once).
 */
import { z } from 'zod';
import { ADDIN_MAX_ITEMS } from './addin-fields.ts';

const listOf = (item: string, what: string) =>
  z
    .string()
    .max(ADDIN_MAX_ITEMS * 24, `At most ${ADDIN_MAX_ITEMS} ${what}.`)
    .regex(new RegExp(`^${item}(?:,${item})*$`), `Comma-separated ${what}.`)
    .transform((text) => text.split(','))
    .pipe(z.array(z.string()).max(ADDIN_MAX_ITEMS, `At most ${ADDIN_MAX_ITEMS} ${what}.`));

export const addinQuotesQuerySchema = z.strictObject({
  symbols: listOf('[A-Z]+(?:\\.[A-Z]+)*', 'ticker symbols'),
});
export const addinOptionsQuerySchema = z.strictObject({
  contracts: listOf('[A-Z]+(?:\\.[A-Z]+)*\\d{6}[CP]\\d+(?:\\.\\d+)?', 'option ids like AAPL261218C200'),
});

/** `GET /addin/token`: whether the user has an add-in token (its value is never shown again). */
export interface AddinTokenState {
  readonly exists: boolean;
  /** ISO instants; null without a token, or before its first use. */
  readonly createdAt: string | null;
  readonly lastUsedAt: string | null;
}

/** `POST /addin/token`: a new token (the previous one stops working), shown this once. */
export interface AddinTokenAnswer {
  readonly token: string;
  readonly createdAt: string;
}

/** A stock's figures for a cell (`OS.QUOTE`). */
export interface AddinQuote {
  readonly symbol: string;
  readonly name: string;
  readonly last: number;
  readonly change: number;
  /** A fraction: 0.012 is 1.2%. */
  readonly changePercent: number;
  /** Implied volatility, annualised fraction; null when the name has no options. */
  readonly iv: number | null;
  /** 0–100. */
  readonly ivRank: number | null;
  /** ISO instant of the figures. */
  readonly asOf: string;
}

/** An option's figures for a cell (`OS.OPTION`). */
export interface AddinOption {
  readonly contract: string;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
  readonly last: number;
  readonly volume: number;
  readonly openInterest: number;
  readonly iv: number;
  readonly delta: number;
  readonly gamma: number;
  /** Per calendar day. */
  readonly theta: number;
  /** Per vol point. */
  readonly vega: number;
  readonly asOf: string;
}

/** In the order asked; null for a name or contract the market does not list. */
export interface AddinQuotesAnswer {
  readonly quotes: readonly (AddinQuote | null)[];
}
export interface AddinOptionsAnswer {
  readonly options: readonly (AddinOption | null)[];
}
