/** What the order form derives from its inputs (spec 3 §2; the arithmetic is docs/ORDERS.md's). */
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '#app/api/client.ts';
import {
  effectFieldText,
  effectText,
  fieldErrorsOf,
  legsMessageOf,
  ORDER_BLOCKS,
  orderFigures,
  submitBlockOf,
} from '#app/screens/order/order-figures.ts';
import { SPREAD_LEGS } from './order-fixtures.ts';

test('cash is written as a debit, a credit, or $0.00', () => {
  expect(effectText(-15000)).toBe('$150.00 Debit');
  expect(effectText(2550)).toBe('$25.50 Credit');
  expect(effectText(0)).toBe('$0.00');
});

describe('field messages', () => {
  test("the form's own check comes first; a refused submit adds the fields it names", () => {
    const refused = new ApiRequestError(400, 'VALIDATION_FAILED', 'bad', {
      size: 'server says',
      comment: 'too long',
    });
    const errors = fieldErrorsOf(
      [
        { code: 'SIZE_INVALID', field: 'size', message: 'Size must be at least 1.' },
        { code: 'SIZE_INVALID', field: 'size', message: 'a second one' },
        { code: 'NO_LEGS', field: 'legs', message: '' },
      ],
      refused,
    );
    expect(errors).toEqual({ size: 'Size must be at least 1.', comment: 'too long' });
  });

  test("the legs' message: the whole legs', else the first leg's", () => {
    expect(legsMessageOf({ 'legs.1': 'second', legs: 'all' })).toBe('all');
    expect(legsMessageOf({ size: 'x', 'legs.2': 'third', 'legs.0': 'first' })).toBe('third');
    expect(legsMessageOf({ size: 'x' })).toBeUndefined();
  });
});

describe('figures', () => {
  test('a 1.50 debit spread of 2 units: spread price and the order cash', () => {
    const figures = orderFigures(SPREAD_LEGS, 2, 'new', null);
    // The spread price is per share; the order's cash is for 2 units of 100 shares.
    expect(figures).toEqual({ spreadCents: -150, effectCents: -30000, priorCents: 0 });
    expect(effectText(-150)).toBe('$1.50 Debit');
    expect(effectFieldText('debitCredit', figures)).toBe('$300.00 Debit');
  });

  test('no cash while the size is not a whole number of units, no price without legs', () => {
    expect(orderFigures(SPREAD_LEGS, 1.5, 'new', null).effectCents).toBeNull();
    expect(orderFigures(SPREAD_LEGS, 0, 'new', null).effectCents).toBeNull();
    expect(orderFigures([], 2, 'new', null)).toEqual({ spreadCents: null, effectCents: null, priorCents: 0 });
    expect(orderFigures(null, 2, 'new', null).spreadCents).toBeNull();
    expect(effectFieldText('debitCredit', orderFigures(null, 2, 'new', null))).toBe('—');
  });

  test('closing: the Realized PL adds the cash the position already moved', () => {
    const closing = SPREAD_LEGS.map((l) => ({ ...l, quantity: -l.quantity, limitPrice: l.limitPrice + 1 }));
    const figures = orderFigures(closing, 2, 'close', {
      orderId: 11,
      proceeds: [{ orderId: 11, amountCents: -30000 }],
    });
    expect(figures.priorCents).toBe(-30000);
    expect(figures.effectCents).toBe(30000);
    expect(effectFieldText('realizedPl', figures)).toBe('$0.00');
  });
});

test('Trade Log says why it is disabled: legs that do not fit, else no trading account', () => {
  expect(submitBlockOf(true, true)).toBe(ORDER_BLOCKS.legsMismatch);
  expect(submitBlockOf(false, true)).toBe(ORDER_BLOCKS.noAccount);
  expect(submitBlockOf(false, false)).toBeNull();
});
