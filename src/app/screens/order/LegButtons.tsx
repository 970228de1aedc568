/**
 * Adding legs to a custom strategy (spec 3 §2): Stock Leg and Option Leg while the plan and the
 * structure allow one more, with the plan's warning and an Upgrade link when the plan's limit is
 * reached, else the hints at one stock leg and at the most option legs.
 */

import { Link } from '@tanstack/react-router';
import { IonButton } from '#app/components/IonElements.tsx';
import { CUSTOM_MAX_OPTION_LEGS, legAdditions, ORDER_MESSAGES } from '#domain/orders/order-validation.ts';
import type { EditorLeg } from './order-draft.ts';

/** The buttons in order, each by the kind of leg it adds. */
const LEG_KINDS = [
  ['stock', 'Stock Leg'],
  ['option', 'Option Leg'],
] as const;

export function LegButtons({
  legs,
  maxLegs,
  disabled,
  onAdd,
}: {
  legs: readonly EditorLeg[];
  /** The plan's most legs in a custom strategy. */
  maxLegs: number;
  /** Pending, or the chain not in yet. */
  disabled: boolean;
  onAdd: (kind: 'stock' | 'option') => void;
}) {
  const additions = legAdditions(legs, maxLegs);
  const hasStock = legs.some((l) => l.kind === 'stock');
  const optionCount = legs.filter((l) => l.kind === 'option').length;
  return (
    <div className="leg-buttons">
      {LEG_KINDS.map(([kind, text]) => (
        <IonButton
          key={kind}
          size="small"
          fill="outline"
          disabled={!additions[kind] || disabled}
          onClick={() => onAdd(kind)}
        >
          {text}
        </IonButton>
      ))}
      {additions.warning ? (
        <p className="warning">
          {additions.warning} <Link to="/pricing">Upgrade</Link>
        </p>
      ) : (
        <>
          {hasStock && <p className="hint">{ORDER_MESSAGES.oneStockLeg}</p>}
          {optionCount >= CUSTOM_MAX_OPTION_LEGS && (
            <p className="hint">{ORDER_MESSAGES.tooManyOptionLegs}</p>
          )}
        </>
      )}
    </div>
  );
}
