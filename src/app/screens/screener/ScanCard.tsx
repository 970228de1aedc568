/**
 * A scan card (spec 2 §2.1): strategy icon, title linking to the scan page, favourite star,
 * watch indicator, the move-to-list menu (Duplicate for samples), tags, and the description,
 * editable in place for the user's own scans. The star and the menu wait while the card is busy.
 */

import { useRef, useState } from 'react';
import { SCAN_DESCRIPTION_MAX, type ScanList, type ScanSummary } from '#api/screener-model.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { IonItem, IonList, IonPopover } from '#app/components/IonElements.tsx';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { StrategyIcon } from '#app/components/StrategyIcon.tsx';
import { menuListName } from './scan-list-view.ts';

export const DESCRIPTION_PLACEHOLDER = 'Add description';

export interface CardActions {
  onFavorite: (card: ScanSummary) => void;
  onMove: (card: ScanSummary, list: ScanList) => void;
  onDuplicate: (card: ScanSummary) => void;
  onDescription: (card: ScanSummary, description: string) => void;
}

function Description({ card, onSave }: { card: ScanSummary; onSave: (text: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (card.isSample) return card.description ? <p className="scan-description">{card.description}</p> : null;
  if (draft === null) {
    return (
      <button
        type="button"
        className={`scan-description editable${card.description ? '' : ' placeholder'}`}
        onClick={() => setDraft(card.description)}
      >
        {card.description || DESCRIPTION_PLACEHOLDER}
      </button>
    );
  }
  const finish = (save: boolean) => {
    if (save && draft !== card.description) onSave(draft);
    setDraft(null);
  };
  return (
    <textarea
      className="app-input scan-description-input"
      aria-label="Description"
      placeholder={DESCRIPTION_PLACEHOLDER}
      maxLength={SCAN_DESCRIPTION_MAX}
      rows={3}
      // biome-ignore lint/a11y/noAutofocus: the user asked to edit this text just now
      autoFocus
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') finish(false);
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(true);
        }
      }}
    />
  );
}

export function ScanCard({
  card,
  targets,
  busy,
  actions,
}: {
  card: ScanSummary;
  /** Lists the card can move to. */
  targets: readonly ScanList[];
  busy: boolean;
  actions: CardActions;
}) {
  const [menuEvent, setMenuEvent] = useState<Event | undefined>();
  // The chosen entry runs once the menu has closed: a move re-renders the card in another list,
  // and a menu still closing there would be left behind.
  const chosen = useRef<(() => void) | null>(null);
  const choose = (run: () => void) => {
    chosen.current = run;
  };
  // A plain anchor, not the router's Link: Link here would split the router's code the entry
  // preloads into one more chunk (measured +0.3 KiB on the first download).
  const href = `/screener/scan/${card.id}`;
  // A failed watch shows as watched, with its error mark: it counts toward the plan's cap until
  // the user stops it on the scan's page, so the card must lead there.
  const watching = card.watch.status !== false;
  const failed = typeof card.watch.status === 'string';
  const hasMenu = card.isSample || targets.length > 0;
  return (
    <article className="scan-card" data-scan={card.title} aria-busy={busy || undefined}>
      <header className="scan-card-head">
        <StrategyIcon strategy={card.strategy} />
        <AppLink className="scan-title" href={href}>
          {card.title}
        </AppLink>
        <button
          type="button"
          className="card-icon-button"
          disabled={busy}
          aria-label={card.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
          aria-pressed={card.isFavorite}
          onClick={() => actions.onFavorite(card)}
        >
          <LineIcon name="star" filled={card.isFavorite} className="favorite-star" />
        </button>
        <LineIcon
          name={watching ? 'eye' : 'eyeOff'}
          className={`watch-indicator${watching ? ' on' : ''}${failed ? ' failed' : ''}`}
          label={failed ? 'Watched: watching failed' : watching ? 'Watched' : 'Not watched'}
        />
        {hasMenu && (
          <button
            type="button"
            className="card-icon-button"
            disabled={busy}
            aria-label="Scan actions"
            onClick={(e) => setMenuEvent(e.nativeEvent)}
          >
            <LineIcon name="more" />
          </button>
        )}
      </header>
      {/* Mounted only while open: a page of cards would otherwise hold one overlay each. */}
      {menuEvent && (
        <IonPopover
          className="scan-menu"
          isOpen
          event={menuEvent}
          onDidDismiss={() => {
            setMenuEvent(undefined);
            chosen.current?.();
            chosen.current = null;
          }}
          dismissOnSelect
        >
          <IonList>
            {card.isSample ? (
              <IonItem button detail={false} onClick={() => choose(() => actions.onDuplicate(card))}>
                Duplicate
              </IonItem>
            ) : (
              targets.map((list) => (
                <IonItem
                  key={list.listId}
                  button
                  detail={false}
                  onClick={() => choose(() => actions.onMove(card, list))}
                >
                  Move to {menuListName(list.name)}
                </IonItem>
              ))
            )}
          </IonList>
        </IonPopover>
      )}
      {card.tags.length > 0 && (
        <ul className="scan-tags" aria-label="Tags">
          {card.tags.map((t) => (
            <li key={t.id}>{t.name}</li>
          ))}
        </ul>
      )}
      <Description card={card} onSave={(text) => actions.onDescription(card, text)} />
    </article>
  );
}
