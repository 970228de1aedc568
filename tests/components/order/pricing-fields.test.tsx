/** The order's pricing fields (spec 3 §2): what they show, and what typing in them emits. */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { PricingFields } from '#app/screens/order/PricingFields.tsx';

const shown = (field: string) => document.querySelector(`[data-field="${field}"]`)?.textContent;

function fields(over: Partial<Parameters<typeof PricingFields>[0]> = {}) {
  const onSize = vi.fn();
  const onComment = vi.fn();
  render(
    <PricingFields
      figures={{ spreadCents: -150, effectCents: -30000, priorCents: 0 }}
      effectField="debitCredit"
      size="2"
      sizeEditable
      sizeError={undefined}
      comment=""
      disabled={false}
      onSize={onSize}
      onComment={onComment}
      {...over}
    />,
  );
  return { onSize, onComment };
}

test('a new order shows its spread price and Debit/Credit; typing emits the size and the comment', () => {
  const { onSize, onComment } = fields();
  expect(shown('spread-price')).toBe('$1.50 Debit');
  expect(screen.getByText('Debit/Credit')).toBeTruthy();
  expect(shown('effect')).toBe('$300.00 Debit');
  fireEvent.change(screen.getByLabelText('Size'), { target: { value: '3' } });
  expect(onSize).toHaveBeenCalledWith('3');
  fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'earnings play' } });
  expect(onComment).toHaveBeenCalledWith('earnings play');
});

test("a closing order shows the position's Realized PL; a fixed size is read-only", () => {
  fields({
    figures: { spreadCents: 250, effectCents: 50000, priorCents: -30000 },
    effectField: 'realizedPl',
    sizeEditable: false,
  });
  expect(screen.getByText('Realized PL')).toBeTruthy();
  expect(shown('effect')).toBe('$200.00');
  expect((screen.getByLabelText('Size') as HTMLInputElement).readOnly).toBe(true);
});

test('figures that cannot be priced show a dash; a size refused says why', () => {
  fields({
    figures: { spreadCents: null, effectCents: null, priorCents: 0 },
    sizeError: 'Size must be at least 1.',
  });
  expect(shown('spread-price')).toBe('—');
  expect(shown('effect')).toBe('—');
  expect(screen.getByLabelText('Size').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Size must be at least 1.')).toBeTruthy();
});

test('while the order is being saved nothing can be typed', () => {
  fields({ disabled: true });
  expect((screen.getByLabelText('Size') as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).disabled).toBe(true);
});
