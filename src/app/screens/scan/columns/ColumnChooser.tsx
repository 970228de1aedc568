/**
 * The scan's column chooser (spec 2 §2.5): a popover, a modal at 768px or less (columns.css).
 * The first page lists the columns the strategy offers by category, with a case-insensitive
 * 'Filter as you type' over titles and descriptions; the second, 'Reorder Columns', moves the
 * chosen columns up or down, by buttons or by dragging. Every change is handed up at once.
 */
import { useMemo, useState } from 'react';
import { useEscapeKey } from '#app/components/use-escape-key.ts';
import { chooserGroups, columnKeyTitle, moveColumn, moveColumnTo, toggleColumn } from './column-choice.ts';
import './columns.css';

export interface ColumnChooserProps {
  strategy: string;
  selected: readonly string[];
  onChange(columns: string[]): void;
  onClose(): void;
}

export function ColumnChooser({ strategy, selected, onChange, onClose }: ColumnChooserProps) {
  const [page, setPage] = useState<'choose' | 'reorder'>('choose');
  useEscapeKey(onClose);
  const title = page === 'choose' ? 'Columns' : 'Reorder Columns';
  return (
    <>
      <div className="column-chooser-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="column-chooser" role="dialog" aria-label={title}>
        <header className="column-chooser-header">
          {page === 'reorder' && (
            <button type="button" className="column-chooser-link" onClick={() => setPage('choose')}>
              ‹ Columns
            </button>
          )}
          <h2>{title}</h2>
          {page === 'choose' && (
            <button type="button" className="column-chooser-link" onClick={() => setPage('reorder')}>
              Reorder Columns
            </button>
          )}
          <button type="button" className="column-chooser-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        {page === 'choose' ? (
          <ChoosePage strategy={strategy} selected={selected} onChange={onChange} />
        ) : (
          <ReorderPage selected={selected} onChange={onChange} />
        )}
      </div>
    </>
  );
}

function ChoosePage({
  strategy,
  selected,
  onChange,
}: Pick<ColumnChooserProps, 'strategy' | 'selected' | 'onChange'>) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => chooserGroups(strategy, query), [strategy, query]);
  const chosen = new Set(selected);
  return (
    <>
      <input
        className="column-chooser-search"
        type="search"
        placeholder="Filter as you type"
        aria-label="Filter as you type"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="column-chooser-list">
        {groups.length === 0 && <p className="column-chooser-empty">No columns match.</p>}
        {groups.map((group) => (
          <fieldset key={group.category} className="column-chooser-group">
            <legend>{group.category}</legend>
            {group.columns.map((c) => (
              <label key={c.name} className="column-chooser-item" title={c.description}>
                <input
                  type="checkbox"
                  checked={chosen.has(c.name)}
                  onChange={() => onChange(toggleColumn(selected, c.name))}
                />
                <span>{c.title}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </>
  );
}

function ReorderPage({ selected, onChange }: Pick<ColumnChooserProps, 'selected' | 'onChange'>) {
  const [dragged, setDragged] = useState<number | null>(null);
  return (
    <ol className="column-chooser-order" aria-label="Column order">
      {selected.map((key, i) => {
        const title = columnKeyTitle(key);
        return (
          <li
            key={key}
            draggable
            className={dragged === i ? 'dragging' : undefined}
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragged !== null) onChange(moveColumnTo(selected, dragged, i));
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <span className="column-chooser-grip" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="column-chooser-title">{title}</span>
            <button
              type="button"
              aria-label={`Move ${title} up`}
              disabled={i === 0}
              onClick={() => onChange(moveColumn(selected, i, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move ${title} down`}
              disabled={i === selected.length - 1}
              onClick={() => onChange(moveColumn(selected, i, 1))}
            >
              ↓
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** For `lazy(() => import('./columns/ColumnChooser.tsx'))`. */
export default ColumnChooser;
