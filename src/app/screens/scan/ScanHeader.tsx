/**
 * The scan page's header (spec 2 §2.2): the breadcrumb (All Scans › title › narrowed ticker),
 * the title, edited in place for non-sample scans, the favourite star for saved scans, and the
 * scan's one-line description under it (a new scan's: what its strategy's defaults look for).
 */
import { useEffect, useState } from 'react';
import { SCAN_TITLE_MAX } from '#api/screener-model.ts';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { Button } from './controls.tsx';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

function TitleEditor({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <>
        <h1>{title}</h1>
        <Button
          fill="clear"
          className="scan-title-edit"
          aria-label={`Rename ${title}`}
          onClick={() => setDraft(title)}
        >
          <LineIcon name="pencil" />
        </Button>
      </>
    );
  }
  const finish = (save: boolean) => {
    // Saved only when the text changed (spec 2 §4.2).
    const next = draft.trim();
    if (save && next !== '' && next !== title) onRename(next);
    setDraft(null);
  };
  return (
    <input
      className="app-input scan-title-input"
      aria-label="Scan title"
      maxLength={SCAN_TITLE_MAX}
      // biome-ignore lint/a11y/noAutofocus: the user asked to edit the title just now
      autoFocus
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') finish(false);
        if (e.key === 'Enter') finish(true);
      }}
    />
  );
}

export function ScanHeader({
  title,
  subtitle,
  editable,
  favorite,
  narrowedTo,
  scanHref,
  onRename,
  onFavorite,
  onAllScans,
  onUnnarrow,
}: {
  title: string;
  /** One line under the title; nothing when empty. */
  subtitle: string;
  editable: boolean;
  /** null for an unsaved scan (no star). */
  favorite: boolean | null;
  narrowedTo: string | null;
  /** The scan's own address, not narrowed. */
  scanHref: string;
  onRename: (title: string) => void;
  onFavorite: () => void;
  onAllScans: () => void;
  onUnnarrow: () => void;
}) {
  useEffect(() => {
    document.title = `${title} · OptionScout`;
  }, [title]);
  const link = (text: string, onClick: () => void, href: string) => (
    <a
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onClick();
      }}
    >
      {text}
    </a>
  );
  return (
    <header className="scan-header">
      <nav className="breadcrumb" aria-label="Breadcrumb" data-walkthrough={WALKTHROUGH_TARGETS.myScans}>
        {link('All Scans', onAllScans, '/screener')}
        <span aria-hidden="true"> › </span>
        {narrowedTo ? link(title, onUnnarrow, scanHref) : <span aria-current="page">{title}</span>}
        {narrowedTo && (
          <>
            <span aria-hidden="true"> › </span>
            <span aria-current="page">{narrowedTo}</span>
          </>
        )}
      </nav>
      <div className="screen-title scan-title-row" data-walkthrough={WALKTHROUGH_TARGETS.scanTitle}>
        {editable ? <TitleEditor title={title} onRename={onRename} /> : <h1>{title}</h1>}
        {favorite !== null && (
          <Button
            fill="clear"
            aria-label={favorite ? 'Remove from favorites' : 'Add to favorites'}
            aria-pressed={favorite}
            onClick={onFavorite}
          >
            <LineIcon name="star" filled={favorite} className="favorite-star" />
          </Button>
        )}
      </div>
      {subtitle && <p className="scan-subtitle">{subtitle}</p>}
    </header>
  );
}
