/**
 * The order's pricing fields (spec 3 §2): the spread price of one unit, the size, the cash the
 * order moves (Debit/Credit, or the position's Realized PL when closing or adjusting a closed
 * order) and the comment.
 */
import type { OrderModeRules } from '#domain/orders/order-modes.ts';
import { MIN_SIZE } from '#domain/orders/order-validation.ts';
import { effectFieldText, effectText, type OrderFigures } from './order-figures.ts';

/** A figure the form computes: shown, never typed (`data-field` names it for tests and styles). */
function ReadOnlyField({ label, field, text }: { label: string; field: string; text: string }) {
  return (
    <div className="field">
      <span>{label}</span>
      <strong className="read-only" data-field={field}>
        {text}
      </strong>
    </div>
  );
}

export function PricingFields({
  figures,
  effectField,
  size,
  sizeEditable,
  sizeError,
  comment,
  disabled,
  onSize,
  onComment,
}: {
  figures: OrderFigures;
  effectField: OrderModeRules['effectField'];
  /** The size as typed. */
  size: string;
  sizeEditable: boolean;
  sizeError: string | undefined;
  comment: string;
  disabled: boolean;
  onSize: (size: string) => void;
  onComment: (comment: string) => void;
}) {
  return (
    <div className="order-fields">
      <ReadOnlyField
        label="Spread price"
        field="spread-price"
        text={figures.spreadCents === null ? '—' : effectText(figures.spreadCents)}
      />
      <label className="field">
        <span>Size</span>
        <input
          className="app-input narrow"
          type="number"
          aria-label="Size"
          min={MIN_SIZE}
          step={1}
          value={size}
          readOnly={!sizeEditable}
          disabled={disabled}
          aria-invalid={sizeError ? true : undefined}
          onChange={(e) => onSize(e.target.value)}
        />
        {sizeError && <span className="field-error">{sizeError}</span>}
      </label>
      <ReadOnlyField
        label={effectField === 'realizedPl' ? 'Realized PL' : 'Debit/Credit'}
        field="effect"
        text={effectFieldText(effectField, figures)}
      />
      <label className="field wide">
        <span>Comment</span>
        <textarea
          className="app-input"
          aria-label="Comment"
          rows={2}
          maxLength={2000}
          value={comment}
          disabled={disabled}
          onChange={(e) => onComment(e.target.value)}
        />
      </label>
    </div>
  );
}
