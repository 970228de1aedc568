/**
 * The order's legs (spec 3 §2, §4): Type, Side, Quantity, Exp. Date, Strike, Limit Price, and a
 * remove column when legs are editable. Stock legs show STOCK with dashes for date and strike;
 * a leg without a traded contract shows 'NOT TRADED'. Which cells are inputs follows the
 * domain's `editableFields`; changing an option's right, expiration or strike resets its limit
 * price to the chain mid.
 */

import type { OptionChainRow } from '#api/market.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import type { Right } from '#domain/contracts/contract.ts';
import type { EditableFields } from '#domain/orders/order-modes.ts';
import { LIMIT_PRICE, OPTION_QUANTITY, STOCK_QUANTITY } from '#domain/orders/order-validation.ts';
import { chainExpirations, chainMidText, chainStrikes, type EditorLeg, legContract } from './order-draft.ts';

export function LegsTable({
  legs,
  symbol,
  chain,
  editable,
  disabled,
  fieldErrors,
  onChange,
  onRemove,
}: {
  legs: readonly EditorLeg[];
  symbol: string | null;
  /** The chain, for new orders (null: the stored contracts stand). */
  chain: readonly OptionChainRow[] | null;
  editable: EditableFields;
  disabled: boolean;
  fieldErrors: Readonly<Record<string, string>>;
  onChange: (index: number, leg: EditorLeg) => void;
  onRemove: (index: number) => void;
}) {
  const expirations = chain ? chainExpirations(chain) : [];
  // A new contract starts at the chain mid.
  const repriced = (leg: EditorLeg): EditorLeg =>
    chain ? { ...leg, limitPrice: chainMidText(chain, leg) } : leg;
  const withStrike = (leg: EditorLeg): EditorLeg => {
    const strikes = chain ? chainStrikes(chain, leg.expiration, leg.right) : [];
    const strike =
      leg.strike !== null && strikes.includes(leg.strike)
        ? leg.strike
        : (strikes[Math.floor(strikes.length / 2)] ?? null);
    return { ...leg, strike };
  };
  return (
    <div className="table-scroll">
      <table className="legs-table">
        <thead>
          <tr>
            <th>Type</th>
            <th>Side</th>
            <th>Quantity</th>
            <th>Exp. Date</th>
            <th>Strike</th>
            <th>Limit Price</th>
            {editable.legStructure && <th aria-label="Remove" />}
          </tr>
        </thead>
        <tbody>
          {legs.map((leg, index) => {
            const traded = legContract(leg, symbol, chain) !== null;
            const priceError = fieldErrors[`legs.${index}.limitPrice`];
            const quantityError = fieldErrors[`legs.${index}.quantity`];
            const stock = leg.kind === 'stock';
            return (
              <tr key={leg.key} data-leg={index} className={traded ? undefined : 'not-traded'}>
                <td>
                  {stock ? (
                    'STOCK'
                  ) : editable.legStructure ? (
                    <select
                      className="app-select"
                      aria-label={`Leg ${index + 1} type`}
                      value={leg.right}
                      disabled={disabled}
                      onChange={(e) =>
                        onChange(index, repriced(withStrike({ ...leg, right: e.target.value as Right })))
                      }
                    >
                      <option value="CALL">CALL</option>
                      <option value="PUT">PUT</option>
                    </select>
                  ) : (
                    leg.right
                  )}
                </td>
                <td>
                  {editable.legStructure ? (
                    <select
                      className="app-select"
                      aria-label={`Leg ${index + 1} side`}
                      value={leg.sign}
                      disabled={disabled}
                      onChange={(e) => onChange(index, { ...leg, sign: Number(e.target.value) as 1 | -1 })}
                    >
                      <option value={1}>BUY</option>
                      <option value={-1}>SELL</option>
                    </select>
                  ) : leg.sign > 0 ? (
                    'BUY'
                  ) : (
                    'SELL'
                  )}
                </td>
                <td>
                  {editable.quantity ? (
                    <input
                      className="app-input narrow"
                      type="number"
                      aria-label={`Leg ${index + 1} quantity`}
                      min={stock ? STOCK_QUANTITY.min : OPTION_QUANTITY.min}
                      max={stock ? STOCK_QUANTITY.max : OPTION_QUANTITY.max}
                      step={stock ? STOCK_QUANTITY.step : 1}
                      value={leg.quantity}
                      disabled={disabled}
                      aria-invalid={quantityError ? true : undefined}
                      onChange={(e) => onChange(index, { ...leg, quantity: Number(e.target.value) })}
                    />
                  ) : (
                    leg.quantity
                  )}
                  {quantityError && <div className="field-error">{quantityError}</div>}
                </td>
                <td>
                  {stock ? (
                    '—'
                  ) : editable.expirationAndStrike && chain ? (
                    <select
                      className="app-select"
                      aria-label={`Leg ${index + 1} expiration`}
                      value={leg.expiration ?? ''}
                      disabled={disabled}
                      onChange={(e) =>
                        onChange(index, repriced(withStrike({ ...leg, expiration: e.target.value })))
                      }
                    >
                      {leg.expiration === null && <option value="">—</option>}
                      {expirations.map((d) => (
                        <option key={d} value={d}>
                          {d}
                        </option>
                      ))}
                    </select>
                  ) : (
                    leg.expiration
                  )}
                </td>
                <td>
                  {stock ? (
                    '—'
                  ) : editable.expirationAndStrike && chain ? (
                    <select
                      className="app-select"
                      aria-label={`Leg ${index + 1} strike`}
                      value={leg.strike ?? ''}
                      disabled={disabled}
                      onChange={(e) => onChange(index, repriced({ ...leg, strike: Number(e.target.value) }))}
                    >
                      {!traded && <option value={leg.strike ?? ''}>{leg.strike ?? '—'}</option>}
                      {chainStrikes(chain, leg.expiration, leg.right).map((k) => (
                        <option key={k} value={k}>
                          {k}
                        </option>
                      ))}
                    </select>
                  ) : (
                    leg.strike
                  )}
                  {!traded && <div className="not-traded-badge">NOT TRADED</div>}
                </td>
                <td>
                  <input
                    className="app-input narrow"
                    type="number"
                    inputMode="decimal"
                    aria-label={`Leg ${index + 1} limit price`}
                    min={LIMIT_PRICE.min}
                    step={LIMIT_PRICE.step}
                    value={leg.limitPrice}
                    disabled={disabled || !editable.limitPrice}
                    aria-invalid={priceError ? true : undefined}
                    onChange={(e) => onChange(index, { ...leg, limitPrice: e.target.value })}
                  />
                  {priceError && <div className="field-error">{priceError}</div>}
                </td>
                {editable.legStructure && (
                  <td>
                    <IonButton
                      size="small"
                      fill="clear"
                      color="danger"
                      aria-label={`Remove leg ${index + 1}`}
                      disabled={disabled}
                      onClick={() => onRemove(index)}
                    >
                      ✕
                    </IonButton>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
