/**
 * Trades (spec 3 §2, §4): the account selector, NEW TRADE, the Open/Closed/Archived toggle,
 * grouping, column and sort settings, and the table. The account and view sit in the URL
 * (`/trades?accountId=3&view=closed`); table settings are the user's (PATCH /account/settings).
 * Open positions' P/L is re-marked every 30 s while online.
 */

import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TRADE_VIEWS, type TradeView } from '#api/trade-views.ts';
import { Segment } from '#app/components/IonCore.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { PL_REFRESH_MS, tradeAccountsQuery, tradesListQuery } from '#app/features/trades/queries.ts';
import { LiveIndicator } from '#app/live/LiveIndicator.tsx';
import { positionQuoteIds, useLiveQuotes } from '#app/live/use-live.ts';
import type { TradesSearch } from '#app/route-params.ts';
import { AccountSelect } from './AccountSelect.tsx';
import { ColumnSettings } from './ColumnSettings.tsx';
import { TradesTable } from './TradesTable.tsx';
import { groupingOptions } from './trade-table.ts';
import { useTableSettings } from './use-table-settings.ts';
import '#app/components/forms.css';
import '#app/components/tables.css';
import './trades.css';
import '#app/theme/row-cards.css';

export const HELP_TRADE_LOG = 'https://optionscout.app/help/trade-log';

const VIEW_LABELS: Record<TradeView, string> = { open: 'Open', closed: 'Closed', archived: 'Archived' };

export const EMPTY_TEXTS: Record<TradeView, { text: string; more: string }> = {
  open: {
    text: "You don't currently have any open trades in this trading account. Add new trades from the screener or the button above.",
    more: 'How the trade log works',
  },
  closed: {
    text: "You don't have any closed trades in this trading account yet.",
    more: 'Trades close automatically after expiration or when you close them manually.',
  },
  archived: {
    text: "You don't have any archived trades in this trading account yet.",
    more: "This is where to move trades you don't want to track anymore.",
  },
};

function EmptyState({ view }: { view: TradeView }) {
  const { text, more } = EMPTY_TEXTS[view];
  return (
    <div className="empty-state">
      <p>{text}</p>
      {view === 'open' ? (
        <a href={HELP_TRADE_LOG} target="_blank" rel="noreferrer">
          {more}
        </a>
      ) : (
        <p className="hint">{more}</p>
      )}
    </div>
  );
}

const tradesRoute = getRouteApi('/trades');

export function TradesScreen() {
  const search: TradesSearch = tradesRoute.useSearch();
  const navigate = useNavigate();
  const view: TradeView = search.view ?? 'open';
  const accountId = search.accountId ?? null;
  const setSearch = useCallback(
    (next: TradesSearch) =>
      void navigate({ to: '/trades', search: (prev: TradesSearch) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  const setAccount = useCallback(
    (id: number | null) => setSearch({ accountId: id ?? undefined }),
    [setSearch],
  );

  const accounts = useQuery(tradeAccountsQuery());
  const { settings, change: changeSettings } = useTableSettings();

  const list = useQuery({
    ...tradesListQuery(accountId ?? 0, view),
    enabled: accountId !== null,
    // Re-mark open positions while the screen is visible; a live push would refresh the same key.
    refetchInterval: view === 'open' ? PL_REFRESH_MS : false,
  });
  const positions = list.data ?? [];
  // Open positions' marks and P/L follow live quotes between refetches (docs/LIVE.md).
  useLiveQuotes(view === 'open' ? positionQuoteIds(positions) : []);
  const noAccounts = accounts.isSuccess && accounts.data.length === 0;

  return (
    <>
      <ScreenTitle title="Trades" />
      <div className="trades-toolbar">
        <AccountSelect value={accountId} onChange={setAccount} manage={noAccounts} />
        <IonButton size="small" onClick={() => void navigate({ to: '/order/edit/{-$orderId}', params: {} })}>
          NEW TRADE
        </IonButton>
        <Segment
          label="Trades to show"
          value={view}
          options={TRADE_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
          onChange={(v) => setSearch({ view: v })}
        />
        <select
          className="app-select"
          aria-label="Grouping"
          value={settings.grouping ?? ''}
          onChange={(e) => changeSettings({ ...settings, grouping: e.target.value || null })}
        >
          {groupingOptions(settings.columnKeys).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ColumnSettings settings={settings} onChange={changeSettings} />
        <LiveIndicator />
      </div>
      {accountId !== null && list.isPending && <Spinner />}
      {list.isError && positions.length === 0 && <p className="field-error">{list.error.message}</p>}
      {accountId !== null && list.isSuccess && positions.length === 0 && <EmptyState view={view} />}
      {positions.length > 0 && (
        <TradesTable
          positions={positions}
          columnKeys={settings.columnKeys}
          sorting={settings.sorting}
          grouping={settings.grouping}
          onSort={(sorting) => changeSettings({ ...settings, sorting })}
        />
      )}
    </>
  );
}
