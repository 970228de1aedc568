/**
 * What the screens call each trade-log write while it waits (the pending-writes panel, a
 * refusal): one table for the writes this build makes and those an earlier version left.
 */
import type { CallParts } from '#api/contract/filled-path.ts';
import type { WriteCallName } from './write-calls.ts';

const accountName = (parts: CallParts): string => {
  const body = parts.body;
  return typeof body === 'object' && body !== null && 'name' in body ? String(body.name) : '';
};

const WRITE_LABELS: Record<WriteCallName, (parts: CallParts) => string> = {
  'trades.submit': () => 'New trade',
  'trades.close': () => 'Close a trade',
  'trades.adjust': () => 'Adjust a trade',
  'trades.archive': () => 'Archive a trade',
  'trades.unarchive': () => 'Unarchive a trade',
  'tradeAccounts.save': (parts) => `New trading account ${accountName(parts)}`,
  'tradeAccounts.rename': (parts) => `Rename a trading account to ${accountName(parts)}`,
  'tradeAccounts.delete': () => 'Delete a trading account',
  'account.saveSettings': () => 'Trade table settings',
};

export const writeLabel = (call: WriteCallName, parts: CallParts): string => WRITE_LABELS[call](parts);
