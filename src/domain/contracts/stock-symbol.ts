/**
 * A stock symbol: capital letters, optionally in dot-separated groups (`BRK.B`). Its own module
 * so the app's router (in the first download) checks tickers in paths without the contract ids'
 * parsing code.
 */
export const SYMBOL_PATTERN = '[A-Z]+(?:\\.[A-Z]+)*';

const STOCK_ID = new RegExp(`^${SYMBOL_PATTERN}$`);

export function isStockSymbol(s: string): boolean {
  return STOCK_ID.test(s);
}
