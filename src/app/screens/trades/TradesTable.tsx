/**
 * The trade log table (spec 3 §2): single-column sort from the headers, optional group rows,
 * the first column fixed while the rest scrolls sideways, and a detail panel under a row that
 * a click on the row (or Enter on its first cell's button) toggles.
 *
 * On a phone (768px or less, trades.css) each row is drawn as a card: symbol and strategy, the
 * legs in one line, the P/L first and the other columns under their titles, with no sideways
 * scroll; sorting is then the Columns panel's. One markup for both, so a card opens the same
 * detail panel a row does.
 */
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import type { Position } from '#api/trades.ts';
import { LiveCell } from '#app/live/LiveCell.tsx';
import { legsLine } from '#domain/display/leg-line.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { TradeDetail } from './TradeDetail.tsx';
import {
  cellText,
  columnTitle,
  groupRows,
  isSortable,
  type RowValues,
  rowValues,
  sortRows,
} from './trade-table.ts';

const detailId = (position: Position) => `trade-detail-${position.positionId}`;

/**
 * What a keyboard and a screen reader use to open a row's detail: a button holding the row's
 * first cell (the card's title on a phone), carrying the expanded state. A table row may not
 * carry it itself (ARIA allows `aria-expanded` on rows of a treegrid only); a click anywhere on
 * the row still toggles it.
 */
function RowToggle({
  detailId: controls,
  expanded,
  onToggle,
  children,
}: {
  detailId: string;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="row-toggle"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={(event) => {
        // The row's own click would toggle it back.
        event.stopPropagation();
        onToggle();
      }}
    >
      {children}
    </button>
  );
}

/** A P/L's colour: gains green, losses red, nothing on a zero or missing P/L. */
const plTone = (pl: unknown): 'gain' | 'loss' | undefined =>
  typeof pl !== 'number' || pl === 0 ? undefined : pl < 0 ? 'loss' : 'gain';

interface Row {
  readonly position: Position;
  readonly values: RowValues;
}

export function TradesTable({
  positions,
  columnKeys,
  sorting,
  grouping,
  onSort,
}: {
  positions: readonly Position[];
  columnKeys: readonly string[];
  sorting: { key: string; order: 'asc' | 'desc' };
  grouping: string | null;
  onSort: (sorting: { key: string; order: 'asc' | 'desc' }) => void;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = useMemo(
    () =>
      sortRows(
        positions.map((position): Row => ({ position, values: rowValues(position) })),
        sorting.key,
        sorting.order,
      ),
    [positions, sorting.key, sorting.order],
  );
  const groups = grouping ? groupRows(rows, grouping) : [{ label: '', rows }];
  const headerSort = (key: string) => {
    if (!isSortable(key)) return;
    onSort({ key, order: sorting.key === key && sorting.order === 'asc' ? 'desc' : 'asc' });
  };
  const toggle = (id: number) => setOpenId((current) => (current === id ? null : id));
  return (
    <div className="table-scroll">
      <table className="trades-table card-table">
        <thead>
          <tr>
            {columnKeys.map((key) => {
              const active = sorting.key === key;
              return (
                <th
                  key={key}
                  scope="col"
                  aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={isSortable(key) ? 'sortable' : undefined}
                  onClick={() => headerSort(key)}
                >
                  {columnTitle(key)}
                  {active && <span aria-hidden="true">{sorting.order === 'asc' ? ' ▲' : ' ▼'}</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <Fragment key={group.label || 'all'}>
              {grouping && (
                <tr className="group-row">
                  <th colSpan={columnKeys.length} scope="rowgroup">
                    {group.label} <span className="count">({group.rows.length})</span>
                  </th>
                </tr>
              )}
              {group.rows.map(({ position, values }) => {
                const expanded = openId === position.positionId;
                const onToggle = () => toggle(position.positionId);
                return (
                  <Fragment key={position.positionId}>
                    <tr
                      className={`trade-row card-row${expanded ? ' expanded' : ''}`}
                      data-position={position.positionId}
                      onClick={() => toggle(position.positionId)}
                    >
                      {columnKeys.map((key, index) => {
                        const text = cellText(key, values);
                        const content = key === 'pl' ? <LiveCell value={values.pl}>{text}</LiveCell> : text;
                        return (
                          <td
                            key={key}
                            data-column={key}
                            data-label={columnTitle(key)}
                            className={['card-figure', key === 'pl' && plTone(values.pl)]
                              .filter(Boolean)
                              .join(' ')}
                          >
                            {index === 0 ? (
                              <RowToggle
                                detailId={detailId(position)}
                                expanded={expanded}
                                onToggle={onToggle}
                              >
                                {content}
                              </RowToggle>
                            ) : (
                              content
                            )}
                          </td>
                        );
                      })}
                      {/* The card's title on a phone; hidden in the table. */}
                      <td className="card-head">
                        <RowToggle detailId={detailId(position)} expanded={expanded} onToggle={onToggle}>
                          <span className="card-title">
                            <strong>{position.symbol}</strong> {STRATEGIES[position.strategy].title}
                          </span>
                        </RowToggle>
                        <span className="legs-line">{legsLine(position.legs)}</span>
                      </td>
                    </tr>
                    {expanded && (
                      <tr className="detail-row" id={detailId(position)}>
                        <td colSpan={columnKeys.length}>
                          <TradeDetail position={position} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
