/**
 * The trading account selector of the Trades screen and the order editor (spec 3 §2, §4):
 * accounts load on entry, the first is chosen when none is, a choice no longer listed is
 * cleared, and the last choice is remembered on this device. A user without any account (a new
 * one, coming from the screener with a first trade) is offered to create one right there, its
 * name filled in, so the trade can be logged without a detour through Settings.
 */

import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type SavedTradeAccount, TRADE_ACCOUNT_NAME_MAX } from '#api/trade-accounts.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { usePendingWrites } from '#app/api/pending-writes-snapshot.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import type { TradeWrite } from '#app/features/trades/mutations.ts';
import { pendingAccounts, pendingText, tradeWriteKey, tradeWrites } from '#app/features/trades/mutations.ts';
import { tradeAccountsQuery } from '#app/features/trades/queries.ts';

const LAST_ACCOUNT_KEY = 'optionscout:trade-account';

export function rememberedAccount(): number | null {
  const stored = Number(localStorage.getItem(LAST_ACCOUNT_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function rememberAccount(accountId: number): void {
  localStorage.setItem(LAST_ACCOUNT_KEY, String(accountId));
}

/** The account to show: the given one if listed, else the remembered one, else the first. */
export function chooseAccount(accounts: readonly SavedTradeAccount[], wanted: number | null): number | null {
  const listed = (id: number | null) => id !== null && accounts.some((a) => a.account_id === id);
  if (listed(wanted)) return wanted;
  const remembered = rememberedAccount();
  if (listed(remembered)) return remembered;
  return accounts[0]?.account_id ?? null;
}

/** The name offered for a first trading account. */
export const FIRST_ACCOUNT_NAME = 'Main';
export const NO_ACCOUNT_HINT = 'Trades are logged in a trading account. Create one to start your trade log.';

function CreateFirstAccount() {
  const [name, setName] = useState(FIRST_ACCOUNT_NAME);
  const create = useMutation<unknown, unknown, TradeWrite>({
    mutationKey: tradeWriteKey,
    // Shown here; the defaults' onSuccess refreshes the accounts, and the selector picks the new one.
    onError: () => undefined,
  });
  // Created offline: shown as pending until it is sent and the accounts are read again.
  const pending = pendingAccounts(usePendingWrites())[0];
  const failure =
    create.error instanceof ApiRequestError && create.error.status < 500
      ? create.error.message
      : create.isError
        ? 'An error has occurred. Please try again.'
        : null;
  if (pending)
    return (
      <p className="hint pending-write" role="status">
        Trading account {pending.name}: {pendingText(pending.write)}
      </p>
    );
  return (
    <form
      className="first-account"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) create.mutate(tradeWrites.saveAccount(null, name.trim()));
      }}
    >
      <p className="hint">{NO_ACCOUNT_HINT}</p>
      <div className="first-account-row">
        <input
          className="app-input"
          aria-label="New trading account name"
          value={name}
          maxLength={TRADE_ACCOUNT_NAME_MAX}
          disabled={create.isPending}
          onChange={(e) => setName(e.target.value)}
        />
        <IonButton type="submit" size="small" disabled={!name.trim() || create.isPending}>
          Create Account
        </IonButton>
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

export function AccountSelect({
  value,
  onChange,
  disabled = false,
  manage = false,
}: {
  value: number | null;
  onChange: (accountId: number | null) => void;
  disabled?: boolean;
  /** Shows the 'Manage' link to the settings section. */
  manage?: boolean;
}) {
  const accounts = useQuery(tradeAccountsQuery());
  const list = accounts.data ?? [];
  const none = list.length === 0 && accounts.isSuccess;
  useEffect(() => {
    if (!accounts.isSuccess || disabled) return;
    const chosen = chooseAccount(list, value);
    if (chosen !== value) onChange(chosen);
  }, [accounts.isSuccess, list, value, onChange, disabled]);
  return (
    <div className={`account-select${none ? ' none' : ''}`}>
      {none ? (
        <div className="field inline">
          <span>Account</span>
          <span className="empty-accounts">No trading accounts</span>
        </div>
      ) : (
        <label className="field inline">
          <span>Account</span>
          <select
            className="app-select"
            value={value ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const id = Number(e.target.value);
              rememberAccount(id);
              onChange(id);
            }}
          >
            {value === null && <option value="">…</option>}
            {list.map((a) => (
              <option key={a.account_id} value={a.account_id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {manage && (
        <Link to="/settings/$section" params={{ section: 'tradeAccounts' }} className="manage-link">
          Manage
        </Link>
      )}
      {none && !disabled && <CreateFirstAccount />}
    </div>
  );
}
