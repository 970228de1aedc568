/**
 * A result row's trade as contracts and as one line of text, for everything that names a row's
 * trade: the Analyze panel and the phone's result card in the app, a watched scan's alert on the
 * server. Pure.
 */
import type { Contract } from '#domain/contracts/contract.ts';
import { legsLine } from '#domain/display/leg-line.ts';
import type { ScanTradeRow } from './scans.ts';

/** The contract of each leg of the row; null when an option leg lacks its right, expiry or strike. */
export function rowContracts(row: ScanTradeRow): Contract[] | null {
  const contracts: Contract[] = [];
  for (const leg of row.legs) {
    if (leg.kind === 'stock') {
      contracts.push({ kind: 'stock', symbol: row.underlying });
      continue;
    }
    if (leg.expiration === null || leg.strike === null || leg.right === null) return null;
    contracts.push({
      kind: 'option',
      underlying: row.underlying,
      right: leg.right,
      expiration: leg.expiration,
      strike: leg.strike,
    });
  }
  return contracts;
}

/** The row's legs in one line ('Buy 1 AAPL Dec 19 '26 200C · Sell 1 …'); empty when a leg is incomplete. */
export function rowLegsLine(row: ScanTradeRow): string {
  const contracts = rowContracts(row);
  if (contracts === null) return '';
  return legsLine(row.legs.map((leg, i) => ({ contract: contracts[i]!, quantity: leg.quantity })));
}
