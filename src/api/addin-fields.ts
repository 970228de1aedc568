/**
 * The figures the spreadsheets' cell functions read (docs/ADDIN.md), by the name a formula gives
 * them (Excel's `=OS.QUOTE(…, "iv_rank")`, Sheets' `=OSQUOTE(…, "iv_rank")`), and the key of the
 * add-in call's answer for each. Apart from `addin.ts`, whose request schemas would bring the
 * validation library into the app's scripts.
 */
import type { AddinOption, AddinQuote } from './addin.ts';

/** Symbols or contracts one call may name. */
export const ADDIN_MAX_ITEMS = 100;

export const ADDIN_QUOTE_FIELDS = {
  last: 'last',
  change: 'change',
  change_percent: 'changePercent',
  iv: 'iv',
  iv_rank: 'ivRank',
} as const satisfies Record<string, keyof AddinQuote>;
export const ADDIN_OPTION_FIELDS = {
  bid: 'bid',
  ask: 'ask',
  mid: 'mid',
  last: 'last',
  volume: 'volume',
  open_interest: 'openInterest',
  iv: 'iv',
  delta: 'delta',
  gamma: 'gamma',
  theta: 'theta',
  vega: 'vega',
} as const satisfies Record<string, keyof AddinOption>;
