/**
 * The scan's active filters (spec 2 §4.3, §4.4): grouped by category, each opening its editor or
 * removed, the scenarios with ADD SCENARIO, and the help links. Its own module, loaded when the
 * list is open: on a phone it starts folded, so the page's first paint there carries none of it.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { universesQuery } from '#app/features/screener/queries.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { Button } from './controls.tsx';
import { filterSummary, groupedFilters, indexLabel } from './filter-view.ts';
import { FilterDialog } from './LazyEditors.tsx';
import {
  addScenario,
  changeScenarioMetric,
  removeFilter,
  resolvedFilter,
  type ScanDraft,
  scenarioKeys,
  setFilter,
} from './scan-draft.ts';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

const HELP_FILTERS = 'https://optionscout.app/help/screener-filters';
const HELP_STRATEGIES = 'https://optionscout.app/help/strategies';

interface Editing {
  readonly key: string;
}

function FilterRow({
  filterKey,
  def,
  index,
  value,
  strategy,
  readOnly,
  onEdit,
  onRemove,
  children,
}: {
  filterKey: string;
  def: FilterDefinition;
  index: number | null;
  value: FilterValue;
  strategy: ScreenerStrategyKey;
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const suffix = indexLabel(def, index, strategy);
  // An id list (the universe) is summarised by the names of its ids.
  const universes = useQuery({ ...universesQuery(), enabled: def.itemKind === 'id' });
  const universeName = (id: number) => universes.data?.find((u) => u.universe_id === id)?.name;
  return (
    <li className="active-filter" data-filter={filterKey}>
      <button type="button" className="filter-open" onClick={onEdit} disabled={readOnly} title={def.help}>
        <span className="filter-label">
          {def.label}
          {suffix && def.index !== 'scenario' ? ` (${suffix})` : ''}
        </span>
        <span className="filter-summary">{filterSummary(def, value, universeName)}</span>
      </button>
      {children}
      {!readOnly && (
        <Button fill="clear" aria-label={`Remove ${def.label}`} onClick={onRemove}>
          <LineIcon name="trash" />
        </Button>
      )}
    </li>
  );
}

const SCENARIO_METRICS = [
  'shift_pl_margin',
  'new_max_profit_at',
  'new_max_loss_at',
  'new_prob_profit_at',
  'new_prob_loss_at',
];

export interface ActiveFiltersProps {
  draft: ScanDraft;
  onChange: (draft: ScanDraft) => void;
  /** The market instant of the last results (freezing a date filter uses it). */
  asOfMs: number;
  readOnly: boolean;
}

export function ActiveFilters({ draft, onChange, asOfMs, readOnly }: ActiveFiltersProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const scenarios = scenarioKeys(draft);
  const editingFilter = editing ? resolvedFilter(editing.key) : undefined;
  const editingValue = editing ? draft.filters[editing.key] : undefined;
  return (
    <>
      <div className="active-filters" data-walkthrough={WALKTHROUGH_TARGETS.defaultFilters}>
        {groupedFilters(draft.filters).map((group) => (
          <section key={group.category} className="filter-group" aria-label={group.category}>
            <h3>{group.category}</h3>
            <ul>
              {group.filters.map((f) => (
                <FilterRow
                  key={f.key}
                  filterKey={f.key}
                  def={f.def}
                  index={f.index}
                  value={f.value}
                  strategy={draft.strategy}
                  readOnly={readOnly}
                  onEdit={() => setEditing({ key: f.key })}
                  onRemove={() => onChange(removeFilter(draft, f.key))}
                />
              ))}
            </ul>
          </section>
        ))}
        <section className="filter-group" aria-label="Scenarios">
          <h3>Scenarios</h3>
          <ul>
            {scenarios.map((key) => {
              const r = resolvedFilter(key);
              const value = draft.filters[key];
              if (!r || !value) return null;
              return (
                <FilterRow
                  key={key}
                  filterKey={key}
                  def={r.def}
                  index={r.index}
                  value={value}
                  strategy={draft.strategy}
                  readOnly={readOnly}
                  onEdit={() => setEditing({ key })}
                  onRemove={() => onChange(removeFilter(draft, key))}
                >
                  <select
                    className="app-select narrow"
                    aria-label={`Scenario ${r.index} metric`}
                    value={r.def.name}
                    onChange={(e) => onChange(changeScenarioMetric(draft, key, e.target.value))}
                  >
                    {SCENARIO_METRICS.map((name) => (
                      <option key={name} value={name}>
                        {filterByName(name)?.label ?? name}
                      </option>
                    ))}
                  </select>
                </FilterRow>
              );
            })}
          </ul>
          <button
            type="button"
            className="text-button"
            onClick={() => {
              const next = addScenario(draft);
              if (next) onChange(next);
            }}
          >
            ADD SCENARIO
          </button>
        </section>
        <p className="hint" data-walkthrough={WALKTHROUGH_TARGETS.help}>
          <a href={HELP_FILTERS} target="_blank" rel="noreferrer">
            About filters
          </a>{' '}
          ·{' '}
          <a href={HELP_STRATEGIES} target="_blank" rel="noreferrer">
            About strategies
          </a>
        </p>
      </div>
      {editing && editingFilter && editingValue && (
        <FilterDialog
          filterKey={editing.key}
          def={editingFilter.def}
          title={`${editingFilter.def.label}${editingFilter.index ? ` ${indexLabel(editingFilter.def, editingFilter.index, draft.strategy)}` : ''}`}
          value={editingValue}
          asOfMs={asOfMs}
          onApply={(value) => {
            onChange(setFilter(draft, editing.key, value));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
