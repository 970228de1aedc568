/**
 * OCC option symbols (OCC symbology, 2010): root padded with spaces to 6 characters, expiration
 * yyMMdd, C or P, strike × 1000 in 8 digits. `AAPL  250117C00150000` is the AAPL 150 call of
 * 17 Jan 2025. Roots drop the class dot (BRK.B → BRKB), as listed options do. The root is the
 * underlying unless the series trades under its own (`root`: SPXW for SPX weeklies).
 */
import type { OptionContract } from '../contracts/contract.ts';
import { DomainError } from '../errors.ts';
import { isoDateParts } from './iso-date.ts';

const ROOT_LENGTH = 6;

export function occSymbol(
  contract: OptionContract,
  options: { readonly padded?: boolean; readonly root?: string } = {},
): string {
  const root = (options.root ?? contract.underlying).replace(/\./g, '').toUpperCase();
  const strikeMills = Math.round(contract.strike * 1000);
  if (!/^[A-Z0-9]{1,6}$/.test(root) || !(strikeMills > 0 && strikeMills < 1e8)) {
    throw new DomainError('UNKNOWN_CONTRACT', {
      message: `No OCC symbol for ${contract.underlying} ${contract.strike}.`,
    });
  }
  const { year, month, day } = isoDateParts(contract.expiration);
  const date = [year % 100, month, day].map((n) => String(n).padStart(2, '0')).join('');
  const paddedRoot = options.padded === false ? root : root.padEnd(ROOT_LENGTH, ' ');
  return `${paddedRoot}${date}${contract.right === 'CALL' ? 'C' : 'P'}${String(strikeMills).padStart(8, '0')}`;
}
