/** A result row's legs as contracts, for what reads a row's trade: the Analyze panel, the phone's card. Pure. */
import type { ScanTradeRow } from '#api/scans.ts';
import type { Contract } from '#domain/contracts/contract.ts';

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
