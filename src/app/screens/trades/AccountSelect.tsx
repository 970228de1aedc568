/**
 * The trading account selector of the Trades screen and the order editor (spec 3 §2, §4):
 * accounts load on entry, the first is chosen when none is, a choice no longer listed is
 * cleared, and the last choice is remembered on this device.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { SavedTradeAccount } from '../../../api/trade-accounts.ts';
import { tradeAccountsQuery } from '../../api/trades.ts';

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
  useEffect(() => {
    if (!accounts.isSuccess || disabled) return;
    const chosen = chooseAccount(list, value);
    if (chosen !== value) onChange(chosen);
  }, [accounts.isSuccess, list, value, onChange, disabled]);
  return (
    <div className="account-select">
      {list.length === 0 && accounts.isSuccess ? (
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
    </div>
  );
}
