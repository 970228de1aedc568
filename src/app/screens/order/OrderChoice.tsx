/**
 * The order's ticker and strategy (spec 3 §2): pickers for a new order, read-only otherwise.
 * Strategies are grouped as in the screener.
 */
import type { OrderStrategy } from '#api/trades.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { TickerPicker } from './TickerPicker.tsx';

const isOrderStrategy = (key: string): key is OrderStrategy =>
  (SCREENER_STRATEGY_KEYS as readonly string[]).includes(key);

export function OrderChoice({
  symbol,
  strategy,
  editable,
  disabled,
  onSymbol,
  onStrategy,
}: {
  symbol: string | null;
  strategy: OrderStrategy | null;
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
              if (isOrderStrategy(e.target.value)) onStrategy(e.target.value);
            }}
          >
            <option value="" disabled>
              Choose a strategy
            </option>
            {STRATEGY_GROUPS.map((group) => (
              <optgroup key={group} label={group}>
                {SCREENER_STRATEGY_KEYS.filter((k) => STRATEGIES[k].group === group).map((k) => (
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
