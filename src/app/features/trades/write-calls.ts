/**
 * The trade log's replayable writes by name: the contract entries a recorded write may name.
 * A recorded write keeps the name and its parts, so this build rebuilds its request from its own
 * contract. Loaded when a write is sent, outside the first download.
 */
import { ACCOUNT_CALLS } from '#api/contract/account.ts';
import { type CallParts, filledPath } from '#api/contract/filled-path.ts';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import type { ApiRequest } from '#app/api/client.ts';

export const WRITE_CALLS = {
  'trades.submit': TRADE_CALLS['trades.submit'],
  'trades.close': TRADE_CALLS['trades.close'],
  'trades.adjust': TRADE_CALLS['trades.adjust'],
  'trades.archive': TRADE_CALLS['trades.archive'],
  'trades.unarchive': TRADE_CALLS['trades.unarchive'],
  'tradeAccounts.save': TRADE_CALLS['tradeAccounts.save'],
  'tradeAccounts.rename': TRADE_CALLS['tradeAccounts.rename'],
  'tradeAccounts.delete': TRADE_CALLS['tradeAccounts.delete'],
  'account.saveSettings': ACCOUNT_CALLS['account.saveSettings'],
};

export type WriteCallName = keyof typeof WRITE_CALLS;

const isWriteCall = (call: string): call is WriteCallName => Object.hasOwn(WRITE_CALLS, call);

/** The request of a recorded write, or null for a name this build does not have. */
export function writeRequest(call: string, parts: CallParts): ApiRequest | null {
  if (!isWriteCall(call)) return null;
  const entry = WRITE_CALLS[call];
  return { method: entry.method, path: filledPath(entry, parts), body: parts.body };
}
