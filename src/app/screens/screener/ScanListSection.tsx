/**
 * One list of the All Scans page (spec 2 §2.1): a collapsible header with the list's name, the
 * Predefined list's tag checkboxes, rename and delete for the user's own lists (delete asks
 * first: its scans go back to Saved), a grid of cards, or the list's empty text.
 */

import { useState } from 'react';
import { LIST_NAME_MAX, ListRole, type ScanList, type ScanSummary } from '#api/screener-model.ts';
import { Checkbox } from '#app/components/IonControls.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { type CardActions, ScanCard } from './ScanCard.tsx';
import { emptyText, type ListFilter, moveTargets, type SortBy, visibleCards } from './scan-list-view.ts';

export const DELETE_LIST_QUESTION =
  'Are you sure you want to delete this list? (All scans from this list will be moved to Saved Scans)';
export const LIST_NAME_HINT = `A list name can have at most ${LIST_NAME_MAX} characters.`;

/** The name field of a new or renamed list, with its hint and the server's answer. */
export function ListNameForm({
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const tooLong = name.length > LIST_NAME_MAX;
  return (
    <form
      className="list-name-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooLong) onSave(name);
      }}
    >
      <input
        className="app-input"
        aria-label="List name"
        value={name}
        // biome-ignore lint/a11y/noAutofocus: the form opens when the user asks to name the list
        autoFocus
        aria-invalid={tooLong || error ? true : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      <IonButton type="submit" size="small" disabled={busy || tooLong}>
        OK
      </IonButton>
      <IonButton size="small" fill="clear" disabled={busy} onClick={onCancel}>
        Cancel
      </IonButton>
      {tooLong && <p className="hint list-name-hint">{LIST_NAME_HINT}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export interface ListEdits {
  readonly busy: boolean;
  /** The list being renamed or asked about, and the server's answer to the last try. */
  readonly renaming: number | null;
  readonly deleting: number | null;
  readonly error: string | null;
  startRename: (list: ScanList) => void;
  startDelete: (list: ScanList) => void;
  rename: (list: ScanList, name: string) => void;
  remove: (list: ScanList) => void;
  cancel: () => void;
}

export function ScanListSection({
  list,
  lists,
  filter,
  sortBy,
  collapsed,
  onCollapse,
  onTags,
  busyIds,
  actions,
  edits,
}: {
  list: ScanList;
  lists: readonly ScanList[];
  filter: ListFilter;
  sortBy: SortBy;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
  onTags: (tagIds: number[]) => void;
  busyIds: ReadonlySet<number>;
  actions: CardActions;
  edits: ListEdits;
}) {
  const cards: ScanSummary[] = visibleCards(list, filter, sortBy);
  const own = list.role === null;
  const bodyId = `scan-list-${list.listId}`;
  const renaming = own && edits.renaming === list.listId;
  return (
    <section className="scan-list" aria-label={list.name} data-list={list.name}>
      <header className="scan-list-head">
        {renaming ? (
          <ListNameForm
            initial={list.name}
            busy={edits.busy}
            error={edits.error}
            onSave={(name) => edits.rename(list, name)}
            onCancel={edits.cancel}
          />
        ) : (
          <>
            <button
              type="button"
              className="scan-list-toggle"
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              onClick={() => onCollapse(!collapsed)}
            >
              <LineIcon name={collapsed ? 'chevronRight' : 'chevronDown'} />
              <h2>{list.name}</h2>
              <span className="scan-count">{list.items.length}</span>
            </button>
            {own && (
              <span className="scan-list-actions">
                <IonButton
                  fill="clear"
                  size="small"
                  aria-label={`Rename ${list.name}`}
                  disabled={edits.busy}
                  onClick={() => edits.startRename(list)}
                >
                  <LineIcon name="pencil" />
                </IonButton>
                <IonButton
                  fill="clear"
                  size="small"
                  color="danger"
                  aria-label={`Delete ${list.name}`}
                  disabled={edits.busy}
                  onClick={() => edits.startDelete(list)}
                >
                  <LineIcon name="trash" />
                </IonButton>
              </span>
            )}
          </>
        )}
      </header>
      {own && edits.deleting === list.listId && (
        <div className="confirm-panel" role="alertdialog" aria-label="Delete list">
          <p>{DELETE_LIST_QUESTION}</p>
          <IonButton size="small" color="danger" disabled={edits.busy} onClick={() => edits.remove(list)}>
            Yes
          </IonButton>
          <IonButton size="small" fill="clear" disabled={edits.busy} onClick={edits.cancel}>
            No
          </IonButton>
          {edits.error && (
            <p className="field-error" role="alert">
              {edits.error}
            </p>
          )}
        </div>
      )}
      {!collapsed && (
        <div id={bodyId}>
          {list.role === ListRole.Predefined && list.tags.length > 0 && (
            <fieldset className="tag-filter">
              <legend>Tags</legend>
              {list.tags.map((tag) => (
                <Checkbox
                  key={tag.id}
                  checked={filter.tagIds.includes(tag.id)}
                  onChange={(on) =>
                    onTags(on ? [...filter.tagIds, tag.id] : filter.tagIds.filter((id) => id !== tag.id))
                  }
                >
                  {tag.name}
                </Checkbox>
              ))}
            </fieldset>
          )}
          {cards.length === 0 ? (
            <p className="hint scan-list-empty">{emptyText(list, filter)}</p>
          ) : (
            <div className="scan-grid">
              {cards.map((card) => (
                <ScanCard
                  key={card.id}
                  card={card}
                  targets={moveTargets(lists, card)}
                  busy={busyIds.has(card.id)}
                  actions={actions}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
