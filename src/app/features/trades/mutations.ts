/**
 * The trade log's writes as recorded calls (`tradeWrites`), run and replayed by the one
 * mutation default of `write-replay.ts` through the pending-writes queue; and the broker exports (not stored, answered at once).
 */
import type { UserSettings } from '#api/account.ts';
import type { EntryArgs } from '#api/contract/define.ts';
import { TRADE_CALLS } from '#api/contract/trades.ts';
import type {
  ExportFormat,
  OrderPayload,
  OrderStrategy,
  ThinkorswimExportAnswer,
  TradeExportRequest,
  TradierExportAnswer,
} from '#api/trades.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import type { PendingWrite } from '#app/api/pending-writes.ts';
import { TRADE_WRITE_KEY } from './keys.ts';
import type { WRITE_CALLS, WriteCallName } from './write-calls.ts';
import { writeLabel } from './write-labels.ts';
import type { TradeRefresh, TradeWrite } from './write-replay.ts';

export type { TradeWrite };

const tradeCall = apiCaller(TRADE_CALLS);

/** `useMutation({ mutationKey: tradeWriteKey })` runs (and replays) the writes below. */
export const tradeWriteKey = TRADE_WRITE_KEY;

/** A write as recorded: the call's name and its parts, checked against the contract here. */
const write = <N extends WriteCallName>(
  call: N,
  parts: EntryArgs<(typeof WRITE_CALLS)[N]>,
  refresh: TradeRefresh,
): TradeWrite => ({ call, parts, refresh, label: writeLabel(call, parts) });

export const tradeWrites = {
  /** A new order, or the closing order of the position opened by `closeOrderId`. */
  submit: (
    accountId: number,
    strategy: OrderStrategy,
    payload: OrderPayload,
    closeOrderId: number | null,
  ): TradeWrite => {
    const query = { accountId, strategy };
    return closeOrderId
      ? write('trades.close', { params: { id: closeOrderId }, query, body: payload }, 'lists')
      : write('trades.submit', { query, body: payload }, 'lists');
  },
  adjust: (orderId: number, accountId: number, strategy: OrderStrategy, payload: OrderPayload): TradeWrite =>
    write(
      'trades.adjust',
      { params: { id: orderId }, query: { accountId, strategy }, body: payload },
      'lists',
    ),
  archive: (orderId: number, archived: boolean): TradeWrite =>
    archived
      ? write('trades.archive', { params: { id: orderId } }, 'lists')
      : write('trades.unarchive', { params: { id: orderId } }, 'lists'),
  saveAccount: (accountId: number | null, name: string): TradeWrite =>
    accountId === null
      ? write('tradeAccounts.save', { body: { name } }, 'accounts')
      : write('tradeAccounts.rename', { params: { id: accountId }, body: { name } }, 'accounts'),
  deleteAccount: (accountId: number): TradeWrite =>
    write('tradeAccounts.delete', { params: { id: accountId } }, 'accounts'),
  /** The trade table's columns, sorting and grouping, stored with the user's settings. */
  tableSettings: (trades: UserSettings['trades']): TradeWrite =>
    write('account.saveSettings', { body: { trades } }, 'settings'),
};

/** What the screens say of a write still waiting to be sent (its item is shown as pending). */
export const pendingText = (write: Pick<PendingWrite, 'state'>): string =>
  write.state === 'waitingSignIn'
    ? 'Pending — will be sent when you sign in again'
    : 'Pending — will be sent when online';

/** Writes still to be sent, of the given calls (refused ones are the pending-writes panel's). */
const waiting = (writes: readonly PendingWrite[], calls: readonly WriteCallName[]) =>
  writes.filter((w) => w.state !== 'refused' && calls.some((c) => c === w.call));

/** The pending archive or unarchive of the order, if any. */
export const pendingArchive = (writes: readonly PendingWrite[], orderId: number): PendingWrite | undefined =>
  waiting(writes, ['trades.archive', 'trades.unarchive']).find(
    (w) => w.parts.params !== undefined && 'id' in w.parts.params && w.parts.params.id === orderId,
  );

/** Trading accounts created but not yet sent: their names, with the write. */
export const pendingAccounts = (writes: readonly PendingWrite[]): { name: string; write: PendingWrite }[] =>
  waiting(writes, ['tradeAccounts.save']).flatMap((write) => {
    const body = write.parts.body;
    const name = typeof body === 'object' && body !== null && 'name' in body ? body.name : null;
    return typeof name === 'string' ? [{ name, write }] : [];
  });

export function exportOrder(
  format: 'thinkorswim',
  request: TradeExportRequest,
): Promise<ThinkorswimExportAnswer>;
export function exportOrder(format: 'tradier', request: TradeExportRequest): Promise<TradierExportAnswer>;
/** The answer's shape follows the format; the contract types it as either. */
export function exportOrder(format: ExportFormat, request: TradeExportRequest) {
  return tradeCall('trades.export', { params: { format }, body: request });
}
