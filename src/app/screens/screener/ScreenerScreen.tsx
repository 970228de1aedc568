/**
 * All Scans (spec 2 §2.1): COMPOSE NEW SCAN, the Watched/All switch, sorting by create date or
 * title, a New List button, and every list with its cards. Lists and cards come from the
 * persisted cache first (readable offline) and refresh in the background; the spinner shows only
 * when loading takes longer than a second. Sorting, the switch and collapsed lists are kept in
 * local settings and the account's (`scanner-view.ts`).
 */

import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useState } from 'react';
import { ListRole, type ScanList } from '#api/screener-model.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { Segment } from '#app/components/IonCore.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { scanListsQuery } from '#app/features/screener/queries.ts';
import { ListNameForm, ScanListSection } from './ScanListSection.tsx';
import { useCardActions, useListEdits } from './scan-actions.ts';
import { NEW_LIST_NAME, type SortBy } from './scan-list-view.ts';
import { useScannerView } from './scanner-view.ts';
import '#app/components/forms.css';
import './screener.css';

/** The list page waits this long before it shows that it is loading (spec 2 §2.1). */
export const LOADING_DELAY_MS = 1000;

const NO_LISTS: readonly ScanList[] = [];

const WATCH_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'watched', label: 'Watched' },
] as const;

const SORT_OPTIONS = [
  { value: 'createDate', label: 'Create date' },
  { value: 'title', label: 'Title' },
] as const;

function useDelayed(active: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return shown;
}

export function ScreenerScreen() {
  const navigate = useNavigate();
  const lists = useQuery(scanListsQuery());
  const [view, setView] = useScannerView();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const { actions, busyIds } = useCardActions();
  const edits = useListEdits();
  const slow = useDelayed(lists.isPending, LOADING_DELAY_MS);
  // The cards are drawn in a transition, in slices the browser can interleave with input, rather
  // than in the one long task of the update that brought them.
  const all = useDeferredValue(lists.data?.lists ?? NO_LISTS, NO_LISTS);
  const filter = { onlyWatched: view.onlyWatched, tagIds };
  const collapse = (listId: number, collapsed: boolean) =>
    setView({
      collapsedListIds: collapsed
        ? [...view.collapsedListIds, listId]
        : view.collapsedListIds.filter((id) => id !== listId),
    });
  // The user's own lists follow the fixed ones; a new list is named where it will appear.
  const firstOwn = all.findIndex((l) => l.role === null || l.role === ListRole.Predefined);

  return (
    <>
      <ScreenTitle title="All Scans">
        <IonButton
          className="compose-button"
          onClick={() => void navigate({ to: '/screener/scan/{-$scanId}/{-$symbol}', params: {} })}
        >
          COMPOSE NEW SCAN
        </IonButton>
      </ScreenTitle>
      <div className="scan-toolbar">
        <Segment<'all' | 'watched'>
          label="Show"
          value={view.onlyWatched ? 'watched' : 'all'}
          options={WATCH_OPTIONS}
          onChange={(shown) => setView({ onlyWatched: shown === 'watched' })}
        />
        <div className="scan-sort">
          <span className="hint">Sort by</span>
          <Segment<SortBy>
            label="Sort by"
            value={view.sortBy}
            options={SORT_OPTIONS}
            onChange={(sortBy) => setView({ sortBy })}
          />
        </div>
        <IonButton fill="outline" size="small" disabled={edits.busy} onClick={edits.startCreate}>
          New List
        </IonButton>
      </div>
      {lists.isPending && slow && <Spinner label="Loading scans" />}
      {lists.isError && !lists.data && <p className="field-error">{errorMessageOf(lists.error)}</p>}
      {all.map((list, i) => (
        <div key={list.listId}>
          {edits.creating && i === firstOwn && (
            <section className="scan-list new-list" aria-label={NEW_LIST_NAME}>
              <header className="scan-list-head">
                <h2>{NEW_LIST_NAME}</h2>
              </header>
              <ListNameForm
                initial=""
                busy={edits.busy}
                error={edits.error}
                onSave={edits.create}
                onCancel={edits.cancel}
              />
            </section>
          )}
          <ScanListSection
            list={list}
            lists={all}
            filter={filter}
            sortBy={view.sortBy}
            collapsed={view.collapsedListIds.includes(list.listId)}
            onCollapse={(collapsed) => collapse(list.listId, collapsed)}
            onTags={setTagIds}
            busyIds={busyIds}
            actions={actions}
            edits={edits}
          />
        </div>
      ))}
    </>
  );
}
