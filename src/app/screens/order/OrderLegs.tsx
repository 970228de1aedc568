/**
 * The legs part of the order form: a custom strategy's empty-state text with its help link, the
 * legs table, the message about the legs, and the buttons adding legs when the structure is
 * editable.
 */
import { CUSTOM_STRATEGY } from '#domain/orders/order-validation.ts';
import { LegButtons } from './LegButtons.tsx';
import { type LegsProps, LegsTable } from './LegsTable.tsx';
import { legsMessageOf } from './order-figures.ts';

export const CUSTOM_EMPTY =
  'Use the buttons below to add legs to your strategy. You can create any structure you like, but all legs must share the same expiration date.';
export const CUSTOM_HELP_URL = 'https://optionscout.app/help/custom-strategies';

export function OrderLegs({ maxLegs, ...table }: LegsProps & { maxLegs: number }) {
  const { order, editable, disabled, fieldErrors } = table;
  const { strategy, legs, chain } = order;
  const message = legsMessageOf(fieldErrors);
  return (
    <>
      {strategy === CUSTOM_STRATEGY && legs.length === 0 && (
        <p className="placeholder">
          {CUSTOM_EMPTY}{' '}
          <a href={CUSTOM_HELP_URL} target="_blank" rel="noreferrer">
            How custom strategies work
          </a>
        </p>
      )}
      {legs.length > 0 && <LegsTable {...table} />}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {editable.legStructure && (
        <LegButtons legs={legs} maxLegs={maxLegs} disabled={disabled || !chain} onAdd={order.addLeg} />
      )}
    </>
  );
}
