/**
 * The legs part of the order form: a custom strategy's empty-state text with its help link, the
 * legs table, the message about the legs, and the buttons adding legs when the structure is
 * editable.
 */
import type { OptionChainRow } from '#api/market.ts';
import type { EditableFields } from '#domain/orders/order-modes.ts';
import { CUSTOM_STRATEGY } from '#domain/orders/order-validation.ts';
import { LegButtons } from './LegButtons.tsx';
import { LegsTable } from './LegsTable.tsx';
import type { EditorLeg } from './order-draft.ts';
import { legsMessageOf } from './order-figures.ts';

export const CUSTOM_EMPTY =
  'Use the buttons below to add legs to your strategy. You can create any structure you like, but all legs must share the same expiration date.';
export const CUSTOM_HELP_URL = 'https://optionscout.app/help/custom-strategies';

export function OrderLegs({
  strategy,
  symbol,
  legs,
  chain,
  editable,
  disabled,
  fieldErrors,
  maxLegs,
  onChange,
  onRemove,
  onAdd,
}: {
  strategy: string;
  symbol: string;
  legs: readonly EditorLeg[];
  /** The chain, for new orders (null: the stored contracts stand). */
  chain: readonly OptionChainRow[] | null;
  editable: EditableFields;
  disabled: boolean;
  fieldErrors: Readonly<Record<string, string>>;
  maxLegs: number;
  onChange: (index: number, leg: EditorLeg) => void;
  onRemove: (index: number) => void;
  onAdd: (kind: 'stock' | 'option') => void;
}) {
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
      {legs.length > 0 && (
        <LegsTable
          legs={legs}
          symbol={symbol}
          chain={chain}
          editable={editable}
          disabled={disabled}
          fieldErrors={fieldErrors}
          onChange={onChange}
          onRemove={onRemove}
        />
      )}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {editable.legStructure && (
        <LegButtons legs={legs} maxLegs={maxLegs} disabled={disabled || !chain} onAdd={onAdd} />
      )}
    </>
  );
}
