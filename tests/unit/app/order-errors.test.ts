/** The order editor shows the catalogue's words for an index's stock leg, not the generic error. */
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '#app/api/client.ts';
import { errorText } from '#app/screens/order/order-errors.ts';
import { ERROR_CATALOGUE } from '#domain/errors.ts';

describe('order editor error text', () => {
  test('INDEX_NO_STOCK says the index has no shares', () => {
    const error = new ApiRequestError(422, 'INDEX_NO_STOCK', 'server words', {
      'legs.0': 'An index has no shares.',
    });
    expect(errorText(error, 'covered_call')).toBe(ERROR_CATALOGUE.INDEX_NO_STOCK.message);
  });
});
