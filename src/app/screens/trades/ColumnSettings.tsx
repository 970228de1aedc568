/** The trade table's column and sort settings (spec 3 §2): which columns show, and the sort. */

import { useState } from 'react';
import type { UserSettings } from '#api/account.ts';
import { DEFAULT_USER_SETTINGS } from '#api/default-settings.ts';
import { IonButton, IonPopover } from '#app/components/IonElements.tsx';
import { columnGroups } from '#domain/columns/column-catalogue.ts';
import { ColumnScope } from '#domain/columns/column-definition.ts';
import { columnTitle, isSortable } from './trade-table.ts';

type TableSettings = UserSettings['trades'];

const GROUPS = columnGroups(ColumnScope.Trades);

export function ColumnSettings({
  settings,
  onChange,
}: {
  settings: TableSettings;
  onChange: (next: TableSettings) => void;
}) {
  const [event, setEvent] = useState<Event | undefined>();
  const [filter, setFilter] = useState('');
  const shown = new Set(settings.columnKeys);
  const toggle = (key: string) => {
    const columnKeys = shown.has(key)
      ? settings.columnKeys.filter((k) => k !== key)
      : [...settings.columnKeys, key];
    // At least one column stays.
    if (columnKeys.length > 0) onChange({ ...settings, columnKeys });
  };
  const needle = filter.trim().toLowerCase();
  return (
    <>
      <IonButton size="small" fill="outline" onClick={(e) => setEvent(e.nativeEvent)}>
        Columns
      </IonButton>
      <IonPopover
        isOpen={event !== undefined}
        event={event}
        onDidDismiss={() => setEvent(undefined)}
        className="column-settings"
      >
        <div className="column-settings-body">
          <div className="sort-row">
            <label className="field">
              <span>Sort by</span>
              <select
                className="app-select"
                aria-label="Sort by"
                value={settings.sorting.key}
                onChange={(e) =>
                  onChange({ ...settings, sorting: { ...settings.sorting, key: e.target.value } })
                }
              >
                {settings.columnKeys.filter(isSortable).map((k) => (
                  <option key={k} value={k}>
                    {columnTitle(k)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Order</span>
              <select
                className="app-select"
                aria-label="Sort order"
                value={settings.sorting.order}
                onChange={(e) =>
                  onChange({
                    ...settings,
                    sorting: { ...settings.sorting, order: e.target.value as 'asc' | 'desc' },
                  })
                }
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
          </div>
          <input
            className="app-input"
            placeholder="Find a column"
            aria-label="Find a column"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div className="column-groups">
            {GROUPS.map((group) => {
              const columns = group.columns.filter(
                (c) => needle === '' || c.title.toLowerCase().includes(needle) || c.name.includes(needle),
              );
              if (columns.length === 0) return null;
              return (
                <fieldset key={group.category}>
                  <legend>{group.category}</legend>
                  {columns.map((c) => (
                    <label key={c.name} className="check">
                      <input type="checkbox" checked={shown.has(c.name)} onChange={() => toggle(c.name)} />
                      {c.title}
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </div>
          <IonButton size="small" fill="clear" onClick={() => onChange(DEFAULT_USER_SETTINGS.trades)}>
            Reset to defaults
          </IonButton>
        </div>
      </IonPopover>
    </>
  );
}
