/**
 * Settings → Trading Accounts (spec 3 §2, §4, §5, §8): the list, Add, Edit and Delete, each
 * account described as 'Virtual trading account'. One item is edited or deleted at a time; a new
 * item is placed first and dropped on cancel; Add is disabled at the plan's account limit.
 */

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TRADE_ACCOUNT_NAME_MAX } from '#api/trade-accounts.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { usePendingWrites } from '#app/api/pending-writes-snapshot.ts';
import { IonButton, IonItem, IonLabel, IonList } from '#app/components/IonElements.tsx';
import { usageStatsQuery } from '#app/features/account/queries.ts';
import type { TradeWrite } from '#app/features/trades/mutations.ts';
import { pendingAccounts, pendingText, tradeWriteKey, tradeWrites } from '#app/features/trades/mutations.ts';
import { tradeAccountsQuery } from '#app/features/trades/queries.ts';
import { hasRoom } from '#domain/plans/plan-limits.ts';
import '#app/components/forms.css';
import '#app/components/tables.css';
import '../trades/trades.css';
import { ItemActions } from './ItemActions.tsx';

export const TRADE_ACCOUNT_DESCRIPTION = 'Virtual trading account';
export const EMPTY_NAME_MESSAGE = "Name can't be empty";
const GENERIC_MESSAGE = 'An error has occurred. Please try again.';

/** The item being edited ('new' for an unsaved one) or deleted, if any. */
type Focus =
  | { readonly kind: 'edit'; readonly id: number | 'new' }
  | { readonly kind: 'delete'; readonly id: number }
  | null;

const messageOf = (error: unknown): string =>
  error instanceof ApiRequestError && error.code !== 'UNKNOWN' && error.status < 500
    ? error.message
    : GENERIC_MESSAGE;

function EditForm({
  initial,
  onSave,
  onCancel,
  busy,
  error,
}: {
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
}) {
  const [name, setName] = useState(initial);
  const [local, setLocal] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setLocal(EMPTY_NAME_MESSAGE);
      return;
    }
    setLocal(null);
    onSave(name.trim());
  };
  const shown = local ?? error;
  return (
    <form className="account-form" onSubmit={submit}>
      <label className="field">
        <span>Name</span>
        <input
          className="app-input"
          name="name"
          value={name}
          maxLength={TRADE_ACCOUNT_NAME_MAX}
          aria-invalid={shown ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {shown && (
        <p className="field-error" role="alert">
          {shown}
        </p>
      )}
      <div className="form-actions">
        <IonButton type="submit" size="small" disabled={busy}>
          OK
        </IonButton>
        <IonButton fill="clear" size="small" onClick={onCancel} disabled={busy}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

export function TradeAccountsSection() {
  const accounts = useQuery(tradeAccountsQuery());
  const usage = useQuery(usageStatsQuery());
  const [focus, setFocus] = useState<Focus>(null);
  const save = useMutation<unknown, unknown, TradeWrite>({
    mutationKey: tradeWriteKey,
    // Shown in the form; the defaults' onSuccess refreshes the list.
    onError: () => undefined,
  });
  const remove = useMutation<unknown, unknown, TradeWrite>({
    mutationKey: tradeWriteKey,
    onError: () => undefined,
  });
  const list = accounts.data ?? [];
  const pending = pendingAccounts(usePendingWrites());
  const canAdd = hasRoom(list.length, usage.data?.maxTradingAccounts ?? null);
  const busy = save.isPending || remove.isPending;
  const done = { onSuccess: () => setFocus(null) };
  const start = (next: Focus) => {
    save.reset();
    remove.reset();
    setFocus(next);
  };

  return (
    <section className="trade-accounts" aria-label="Trading Accounts">
      <div className="section-head">
        <h2>Trading Accounts</h2>
        {focus === null && (
          <IonButton size="small" disabled={!canAdd} onClick={() => start({ kind: 'edit', id: 'new' })}>
            Add
          </IonButton>
        )}
      </div>
      {!canAdd && focus === null && (
        <p className="hint">Your plan allows {usage.data?.maxTradingAccounts} trading accounts.</p>
      )}
      {accounts.isPending && <p className="hint">Loading…</p>}
      {accounts.isSuccess && list.length === 0 && focus === null && (
        <p className="hint">No trading accounts</p>
      )}
      <IonList lines="full" className="account-list">
        {focus?.kind === 'edit' && focus.id === 'new' && (
          <IonItem>
            <EditForm
              initial=""
              busy={busy}
              error={save.isError ? messageOf(save.error) : null}
              onSave={(name) => save.mutate(tradeWrites.saveAccount(null, name), done)}
              onCancel={() => start(null)}
            />
          </IonItem>
        )}
        {list.map((account) => (
          <IonItem key={account.account_id} data-account={account.name}>
            {focus?.kind === 'edit' && focus.id === account.account_id ? (
              <EditForm
                initial={account.name}
                busy={busy}
                error={save.isError ? messageOf(save.error) : null}
                onSave={(name) => save.mutate(tradeWrites.saveAccount(account.account_id, name), done)}
                onCancel={() => start(null)}
              />
            ) : (
              <>
                <IonLabel>
                  <h3>{account.name}</h3>
                  <p>{TRADE_ACCOUNT_DESCRIPTION}</p>
                </IonLabel>
                {focus?.kind === 'delete' && focus.id === account.account_id ? (
                  <div className="confirm">
                    <span>Are you sure?</span>
                    <IonButton
                      size="small"
                      color="danger"
                      disabled={busy}
                      onClick={() => remove.mutate(tradeWrites.deleteAccount(account.account_id), done)}
                    >
                      OK
                    </IonButton>
                    <IonButton size="small" fill="clear" disabled={busy} onClick={() => start(null)}>
                      Cancel
                    </IonButton>
                    {remove.isError && <span className="field-error">{messageOf(remove.error)}</span>}
                  </div>
                ) : (
                  focus === null && (
                    <ItemActions
                      onEdit={() => start({ kind: 'edit', id: account.account_id })}
                      onDelete={() => start({ kind: 'delete', id: account.account_id })}
                    />
                  )
                )}
              </>
            )}
          </IonItem>
        ))}
        {pending.map(({ name, write }) => (
          <IonItem key={write.id} className="pending-write" data-account={name}>
            <IonLabel>
              <h3>{name}</h3>
              <p>{pendingText(write)}</p>
            </IonLabel>
          </IonItem>
        ))}
      </IonList>
    </section>
  );
}
