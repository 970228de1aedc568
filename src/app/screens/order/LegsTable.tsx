/**
 * The order's legs (spec 3 §2, §4): Type, Side, Quantity, Exp. Date, Strike, Limit Price, and a
 * remove column when legs are editable. Stock legs show STOCK with dashes for date and strike;
 * a leg without a traded contract shows 'NOT TRADED'. Which cells are inputs follows the
 * domain's `editableFields`; changing an option's right, expiration or strike resets its limit
 * price to the chain mid. On a phone each leg is a card of labelled fields (`data-label`, laid
 * out in order.css), so every field of every leg fits the screen's width.
 */

import type { OptionChainRow } from '#api/market.ts';
import { IonButton } from '#app/components/IonElements.tsx';
import type { Right } from '#domain/contracts/contract.ts';
import type { EditableFields } from '#domain/orders/order-modes.ts';
import { LIMIT_PRICE, OPTION_QUANTITY, STOCK_QUANTITY } from '#domain/orders/order-validation.ts';
import { chainExpirations, chainMidText, chainStrikes, type EditorLeg, legContract } from './order-draft.ts';
import type { LegsState } from './use-order-legs.ts';

/** What the legs' part of the form shows and may change. */
export interface LegsProps {
  /** The ticker, its legs and, for new orders, the chain (null: the stored contracts stand). */
  order: LegsState;
  editable: EditableFields;
  disabled: boolean;
  fieldErrors: Readonly<Record<string, string>>;
}

/**
 * An option leg's expiration or strike: a dash for stock, the value where it cannot change, and
 * a choice of the chain's where it can (a value the chain does not have stays listed first).
 */
function ContractCell({
  field,
  leg,
  index,
  traded,
  chain,
  picking,
  disabled,
  onPick,
}: {
  field: 'expiration' | 'strike';
  leg: EditorLeg;
  index: number;
  traded: boolean;
  chain: readonly OptionChainRow[] | null;
  picking: boolean;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  if (leg.kind === 'stock') return '—';
  const value = leg[field] ?? '';
  if (!picking || !chain) return value;
  const choices =
    field === 'expiration' ? chainExpirations(chain) : chainStrikes(chain, leg.expiration, leg.right);
  const keepCurrent = field === 'expiration' ? leg.expiration === null : !traded;
  return (
    <select
      className="app-select"
      aria-label={`Leg ${index + 1} ${field}`}
      value={value}
      disabled={disabled}
      onChange={(e) => onPick(e.target.value)}
    >
      {keepCurrent && <option value={value}>{value === '' ? '—' : value}</option>}
      {choices.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

export function LegsTable({ order, editable, disabled, fieldErrors }: LegsProps) {
  const { legs, symbol, chain, changeLeg: onChange, removeLeg: onRemove } = order;
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
    <div className="table-scroll legs-scroll">
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
            const cell = { leg, index, traded, chain, picking: editable.expirationAndStrike, disabled };
            return (
              <tr key={leg.key} data-leg={index} className={traded ? undefined : 'not-traded'}>
                <td data-label="Type">
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
                <td data-label="Side">
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
                <td data-label="Quantity">
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
                <td data-label="Exp. Date">
                  <ContractCell
                    field="expiration"
                    {...cell}
                    onPick={(expiration) => onChange(index, repriced(withStrike({ ...leg, expiration })))}
                  />
                </td>
                <td data-label="Strike">
                  <ContractCell
                    field="strike"
                    {...cell}
                    onPick={(strike) => onChange(index, repriced({ ...leg, strike: Number(strike) }))}
                  />
                  {!traded && <div className="not-traded-badge">NOT TRADED</div>}
                </td>
                <td data-label="Limit Price">
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
                  <td className="leg-remove">
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
