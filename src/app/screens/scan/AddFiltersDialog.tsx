/**
 * ADD FILTERS (spec 2 §4.3): the strategy's filters, as the server offers them, by category with
 * a search over their names and help; a click adds or removes one. Loaded on its first opening
 * (`LazyEditors.tsx`).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '#app/components/Dialog.tsx';
import { scanFiltersQuery } from '#app/features/screener/queries.ts';
import { DATA_CATEGORY_ORDER } from '#domain/columns/categories.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import { Button } from './controls.tsx';
import { addFilter, nextFilterKey, removeFilter, resolvedFilter, type ScanDraft } from './scan-draft.ts';

/** ADD FILTERS: the strategy's filters (from the server) with a search; a click toggles one. */
export function AddFiltersDialog({
  draft,
  onChange,
  onClose,
}: {
  draft: ScanDraft;
  onChange: (draft: ScanDraft) => void;
  onClose: () => void;
}) {
  const offered = useQuery(scanFiltersQuery(draft.strategy));
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const defs = (offered.data?.filters ?? [])
    .map((name) => filterByName(name))
    .filter((d): d is FilterDefinition => d !== undefined && d.kind !== 'scenario')
    .filter(
      (d) => needle === '' || d.label.toLowerCase().includes(needle) || d.help.toLowerCase().includes(needle),
    );
  const activeNames = new Set(Object.keys(draft.filters).map((k) => resolvedFilter(k)?.def.name));
  return (
    <Dialog title="Add Filters" onClose={onClose} actions={<Button onClick={onClose}>Done</Button>}>
      <input
        className="app-input"
        type="search"
        placeholder="Search filters"
        aria-label="Search filters"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="filter-catalogue">
        {offered.isPending && <p className="hint">Loading...</p>}
        {offered.isSuccess && defs.length === 0 && <p className="hint">No filter matches.</p>}
        {DATA_CATEGORY_ORDER.map((category) => {
          const inGroup = defs.filter((d) => d.group === category);
          if (inGroup.length === 0) return null;
          return (
            <section key={category} aria-label={category}>
              <h3>{category}</h3>
              {inGroup.map((d) =>
                d.index === null ? (
                  <label key={d.name} className="filter-choice" title={d.help}>
                    <input
                      type="checkbox"
                      checked={d.name in draft.filters}
                      onChange={(e) =>
                        onChange(e.target.checked ? addFilter(draft, d.name) : removeFilter(draft, d.name))
                      }
                    />{' '}
                    {d.label}
                  </label>
                ) : (
                  <div key={d.name} className="filter-choice" title={d.help}>
                    <button
                      type="button"
                      className="text-button"
                      disabled={nextFilterKey(draft, d.name) === null}
                      onClick={() => onChange(addFilter(draft, d.name))}
                    >
                      + {d.label}
                    </button>
                    {activeNames.has(d.name) && <span className="hint"> (added)</span>}
                  </div>
                ),
              )}
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}
