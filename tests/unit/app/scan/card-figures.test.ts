import { describe, expect, test } from 'vitest';
import { CARD_FIGURE_COUNT, cardFigures } from '#app/screens/scan/card-figures.ts';

const COLUMNS = [
  'underlying',
  'stock_last',
  'stock_iv_pr',
  'mid',
  'max_profit',
  'max_loss',
  'total_vol',
  'delta',
];

describe("a phone's result card figures", () => {
  test('the sort columns first, then the filtered ones, four at most; never the ticker', () => {
    const figures = cardFigures(
      COLUMNS,
      [
        ['max_profit', 'desc'],
        ['underlying', 'asc'],
      ],
      { max_loss: { max: 500 }, total_vol: { min: 1000 }, delta: { min: 0.2 }, mid: null },
    );
    expect(figures).toEqual(['max_profit', 'max_loss', 'total_vol', 'delta']);
    expect(figures).toHaveLength(CARD_FIGURE_COUNT);
  });

  test('filters left unset do not count; the table’s leading columns fill the card', () => {
    expect(cardFigures(COLUMNS, [['max_loss', 'asc']], { total_vol: null })).toEqual([
      'max_loss',
      'stock_last',
      'stock_iv_pr',
      'mid',
    ]);
  });

  test('an indexed filter shows on its own leg’s column', () => {
    const columns = ['underlying', 'stock_last', 'leg_delta_1', 'leg_delta_2', 'mid'];
    expect(cardFigures(columns, [], { leg_delta_2: { min: 0.1 } })[0]).toBe('leg_delta_2');
  });
});
