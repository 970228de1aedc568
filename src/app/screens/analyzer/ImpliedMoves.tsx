/**
 * One tap sets the level ±1 or ±2 implied moves from the last price by the date: the date's
 * at-the-money IV scaled by √(days/365) (docs/API.md, `GET /underlyings/{symbol}/expirations`).
 */
import type { ExpirationRow } from '#api/market.ts';
import { formatMoney, formatPercent } from '#domain/columns/number-format.ts';
import { impliedMovePrice, type UnitData } from '#domain/scenario/price-units.ts';
import { type AnalyzerDraft, isRangeBehavior, setLevels } from './analyzer-form.ts';

const LEVEL_MOVES = [-2, -1, 1, 2] as const;
const RANGE_MOVES = [1, 2] as const;

const signed = (k: number) => (k > 0 ? `+${k}` : `−${-k}`);

export function ImpliedMoves({
  draft,
  data,
  expiration,
  onDraft,
}: {
  draft: AnalyzerDraft;
  data: UnitData;
  expiration: ExpirationRow;
  onDraft: (draft: AnalyzerDraft) => void;
}) {
  const { atmIv, daysToExpiry } = expiration;
  if (atmIv === null) return null;
  const at = (k: number) => impliedMovePrice(data.last, atmIv, daysToExpiry, k);
  const move = at(1) - data.last;
  return (
    <div className="implied-moves">
      <p className="hint">
        Implied move by this date: ±{formatMoney(move, 2)} ({formatPercent(move / data.last, 1)})
      </p>
      <div className="implied-move-buttons">
        {isRangeBehavior(draft.behavior)
          ? RANGE_MOVES.map((k) => (
              <button
                key={k}
                type="button"
                className="chip-button"
                aria-label={`Set the range to ±${k} implied ${k === 1 ? 'move' : 'moves'}`}
                onClick={() => onDraft(setLevels(draft, { from: at(-k), to: at(k) }, data))}
              >
                ±{k}σ
              </button>
            ))
          : LEVEL_MOVES.map((k) => (
              <button
                key={k}
                type="button"
                className="chip-button"
                aria-label={`Set the price to ${signed(k)} implied ${Math.abs(k) === 1 ? 'move' : 'moves'}`}
                onClick={() => onDraft(setLevels(draft, { value: at(k) }, data))}
              >
                {signed(k)}σ
              </button>
            ))}
      </div>
    </div>
  );
}
