/**
 * Settings → Universes (spec 3 §2, §4, §5, §8): the user's universes, then the predefined ones,
 * each with its name and symbols ('(empty)' when none). The user's own can be edited (name and
 * symbols, both required; OK and Cancel) and deleted ('Are you sure?'). One item is edited or
 * deleted at a time; a new one is placed first and dropped on cancel; Add shows unless an item is
 * being edited. The server's messages (duplicate name, used in scans, unknown symbols) show in place.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UNIVERSE_NAME_MAX, type Universe, UniverseGroup } from '#api/screener-model.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { IonButton, IonItem, IonList } from '#app/components/IonElements.tsx';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { screenerApi } from '#app/features/screener/mutations.ts';
import { universesQuery } from '#app/features/screener/queries.ts';
import '#app/components/forms.css';
import '#app/components/tables.css';
import '../trades/trades.css';
import '../screener/screener.css';
import { ItemActions } from './ItemActions.tsx';

export const EMPTY_SYMBOLS = '(empty)';
export const NAME_REQUIRED = 'Name is required.';
export const SYMBOLS_REQUIRED = 'Symbols are required.';

type Focus = { readonly kind: 'edit' | 'delete'; readonly id: number | 'new' } | null;

function UniverseForm({
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: { name: string; symbols: string };
  busy: boolean;
  error: string | null;
  onSave: (value: { name: string; symbols: string }) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [symbols, setSymbols] = useState(initial.symbols);
  const [local, setLocal] = useState<{ name?: string; symbols?: string }>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(name.trim() === '' ? { name: NAME_REQUIRED } : {}),
      ...(symbols.trim() === '' ? { symbols: SYMBOLS_REQUIRED } : {}),
    };
    setLocal(problems);
    if (!problems.name && !problems.symbols) onSave({ name: name.trim(), symbols });
  };
  return (
    <form className="account-form universe-form" onSubmit={submit}>
      <label className="field">
        <span>Name</span>
        <input
          className="app-input"
          name="name"
          value={name}
          maxLength={UNIVERSE_NAME_MAX}
          aria-required="true"
          aria-invalid={local.name ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {local.name && <p className="field-error">{local.name}</p>}
      <label className="field">
        <span>Symbols</span>
        <textarea
          className="app-input"
          name="symbols"
          rows={3}
          value={symbols}
          placeholder="AAPL, MSFT, SPY"
          aria-required="true"
          aria-invalid={local.symbols ? true : undefined}
          onChange={(e) => setSymbols(e.target.value)}
        />
      </label>
      {local.symbols && <p className="field-error">{local.symbols}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
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

/** Symbols shown before 'Show all' in a long universe (the S&P 500 holds about 500). */
export const SYMBOLS_SHOWN = 40;

function Symbols({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  if (!text) return <p className="universe-symbols">{EMPTY_SYMBOLS}</p>;
  const symbols = text.split(', ');
  if (all || symbols.length <= SYMBOLS_SHOWN) return <p className="universe-symbols">{text}</p>;
  return (
    <p className="universe-symbols">
      {symbols.slice(0, SYMBOLS_SHOWN).join(', ')}, …{' '}
      <button type="button" className="link-button show-all" onClick={() => setAll(true)}>
        Show all {symbols.length}
      </button>
    </p>
  );
}

export function UniversesSection() {
  const queryClient = useQueryClient();
  const universes = useQuery(universesQuery());
  const [focus, setFocus] = useState<Focus>(null);
  const done = () => {
    setFocus(null);
    return queryClient.invalidateQueries({ queryKey: screenerKeys.universes() });
  };
  const options = { networkMode: 'always' as const, onSuccess: done, onError: () => undefined };
  const save = useMutation({
    ...options,
    mutationFn: ({ id, name, symbols }: { id: number | null; name: string; symbols: string }) =>
      screenerApi.saveUniverse(id, { name, symbols }),
  });
  const remove = useMutation({ ...options, mutationFn: (id: number) => screenerApi.deleteUniverse(id) });
  const busy = save.isPending || remove.isPending;
  const start = (next: Focus) => {
    save.reset();
    remove.reset();
    setFocus(next);
  };
  const editing = focus?.kind === 'edit';
  const all = universes.data ?? [];
  const groups = [UniverseGroup.Mine, UniverseGroup.Predefined].map((group) => ({
    group,
    items: all.filter((u) => u.group === group),
  }));

  const item = (u: Universe) => (
    <IonItem key={u.universe_id} data-universe={u.name}>
      {focus?.kind === 'edit' && focus.id === u.universe_id ? (
        <UniverseForm
          initial={u}
          busy={busy}
          error={save.isError ? errorMessageOf(save.error) : null}
          onSave={(value) => save.mutate({ id: u.universe_id, ...value })}
          onCancel={() => start(null)}
        />
      ) : (
        <div className="universe-row">
          <div className="universe-text">
            <h3>{u.name}</h3>
            <Symbols text={u.symbols} />
          </div>
          {u.editable && focus?.kind === 'delete' && focus.id === u.universe_id ? (
            <div className="confirm universe-confirm">
              <span>Are you sure?</span>
              <IonButton
                size="small"
                color="danger"
                disabled={busy}
                onClick={() => remove.mutate(u.universe_id)}
              >
                OK
              </IonButton>
              <IonButton size="small" fill="clear" disabled={busy} onClick={() => start(null)}>
                Cancel
              </IonButton>
              {remove.isError && (
                <p className="field-error" role="alert">
                  {errorMessageOf(remove.error)}
                </p>
              )}
            </div>
          ) : (
            u.editable &&
            focus === null && (
              <ItemActions
                onEdit={() => start({ kind: 'edit', id: u.universe_id })}
                onDelete={() => start({ kind: 'delete', id: u.universe_id })}
              />
            )
          )}
        </div>
      )}
    </IonItem>
  );

  return (
    <section className="universes" aria-label="Universes">
      <div className="section-head">
        <h2>Universes</h2>
        {!editing && (
          <IonButton size="small" onClick={() => start({ kind: 'edit', id: 'new' })}>
            Add
          </IonButton>
        )}
      </div>
      <p className="hint">Symbol lists a scan can be limited to with its Universe filter.</p>
      {universes.isPending && <p className="hint">Loading…</p>}
      {focus?.kind === 'edit' && focus.id === 'new' && (
        <IonList lines="full">
          <IonItem>
            <UniverseForm
              initial={{ name: '', symbols: '' }}
              busy={busy}
              error={save.isError ? errorMessageOf(save.error) : null}
              onSave={(value) => save.mutate({ id: null, ...value })}
              onCancel={() => start(null)}
            />
          </IonItem>
        </IonList>
      )}
      {groups.map(
        ({ group, items }) =>
          items.length > 0 && (
            <div key={group}>
              <h3 className="universe-group">{group}</h3>
              <IonList lines="full">{items.map(item)}</IonList>
            </div>
          ),
      )}
    </section>
  );
}
