/**
 * The order's ticker and strategy (spec 3 §2): pickers for a new order, read-only otherwise.
 * Strategies are grouped as in the screener. The picker offers the 27 order strategies of spec 3
 * §3; long and short stock are the analyzer's (spec 2 §3.1), so they are offered only to the order
 * a ticket opened with one, which can change strategy and back.
 */
import type { OrderStrategy } from '#api/trades.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import { isStrategyKey, SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { TickerPicker } from './TickerPicker.tsx';

/** The picker's strategies: the 27, and the stock strategy the order opened with. */
export function pickerStrategies(opening: OrderStrategy | null): readonly OrderStrategy[] {
  const offered: readonly OrderStrategy[] = SCREENER_STRATEGY_KEYS;
  return opening === null || offered.includes(opening) ? offered : [...offered, opening];
}

export function OrderChoice({
  symbol,
  strategy,
  opening,
  editable,
  disabled,
  onSymbol,
  onStrategy,
}: {
  symbol: string | null;
  strategy: OrderStrategy | null;
  /** The strategy the editor opened with (a ticket's may be long or short stock). */
  opening: OrderStrategy | null;
  editable: { readonly symbol: boolean; readonly strategy: boolean };
  disabled: boolean;
  onSymbol: (symbol: string) => void;
  onStrategy: (strategy: OrderStrategy) => void;
}) {
  return (
    <div className="order-choice">
      {editable.symbol ? (
        <TickerPicker value={symbol} onChange={onSymbol} disabled={disabled} />
      ) : (
        <div className="field">
          <span>Ticker</span>
          <strong className="read-only">{symbol}</strong>
        </div>
      )}
      {editable.strategy ? (
        <label className="field">
          <span>Strategy</span>
          <select
            className="app-select"
            aria-label="Strategy"
            value={strategy ?? ''}
            disabled={disabled}
            onChange={(e) => {
              if (isStrategyKey(e.target.value)) onStrategy(e.target.value);
            }}
          >
            <option value="" disabled>
              Choose a strategy
            </option>
            {STRATEGY_GROUPS.map((group) => (
              <optgroup key={group} label={group}>
                {pickerStrategies(opening)
                  .filter((k) => STRATEGIES[k].group === group)
                  .map((k) => (
                    <option key={k} value={k}>
                      {STRATEGIES[k].title}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
      ) : (
        <div className="field">
          <span>Strategy</span>
          <strong className="read-only">{strategy ? STRATEGIES[strategy].title : ''}</strong>
        </div>
      )}
    </div>
  );
}
