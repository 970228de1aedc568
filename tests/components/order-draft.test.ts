import { describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import {
  chainMidText,
  customLeg,
  defaultExpirations,
  editorLegs,
  legContract,
  orderDraft,
  orderLegs,
  priceText,
  slotStrikes,
  strategyLegs,
} from '#app/screens/order/order-draft.ts';
import { validateOrder } from '#domain/orders/order-validation.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';

const NOW = Date.parse('2026-03-04T15:30:00Z');
const EXPIRATIONS = ['2026-03-06', '2026-03-20', '2026-04-17', '2026-05-15'];
const STRIKES = [90, 92.5, 95, 97.5, 100, 102.5, 105, 107.5, 110];

/** A chain on a $100 stock: every strike and right at every expiration, mids by distance. */
const CHAIN: OptionChainRow[] = EXPIRATIONS.flatMap((expiration) =>
  STRIKES.flatMap((strike) =>
    (['CALL', 'PUT'] as const).map((right) => {
      const mid = Math.max(0.05, 5 - Math.abs(strike - 100) / 3);
      return {
        option: { kind: 'option' as const, underlying: 'XYZ', right, expiration, strike },
        id: `XYZ${expiration}${right}${strike}`,
        bid: mid - 0.05,
        ask: mid + 0.05,
        mid,
        iv: 0.3,
      };
    }),
  ),
);

describe('default legs', () => {
  test('the front expiration about a month out, the back one a month after', () => {
    expect(defaultExpirations(CHAIN, NOW)).toEqual(['2026-04-17', '2026-05-15']);
  });

  test('strikes around the price: equal butterfly wings, ascending condor strikes', () => {
    expect(slotStrikes(STRIKES, 100, 1)).toEqual([100]);
    expect(slotStrikes(STRIKES, 100, 2)).toEqual([100, 102.5]);
    expect(slotStrikes(STRIKES, 100, 3)).toEqual([97.5, 100, 102.5]);
    expect(slotStrikes(STRIKES, 100, 4)).toEqual([95, 97.5, 102.5, 105]);
    // A coarse chain moves a repeated strike up as far as the chain goes.
    expect(slotStrikes([90, 100, 110], 100, 4)).toEqual([90, 100, 110, 110]);
    expect(slotStrikes([95, 100, 105, 110, 115], 100, 4)).toEqual([95, 100, 105, 110]);
  });

  test.each([
    'covered_call',
    'bull_call_spread',
    'bear_put_spread',
    'iron_condor',
    'iron_butterfly',
    'call_butterfly',
    'long_call_calendar_spread',
    'long_put_diagonal_spread',
    'collar',
    'long_straddle',
  ] as const)('%s: its default legs fit the strategy, at chain mids', (strategy) => {
    const legs = strategyLegs(strategy, CHAIN, 100, NOW);
    const sent = orderLegs('XYZ', legs, CHAIN);
    expect(sent).not.toBeNull();
    expect(validateLegs(strategy, sent!)).toEqual({ ok: true });
    expect(
      validateOrder(orderDraft('XYZ', strategy, legs, '1', CHAIN), { maxCustomStrategyLegs: 5 }),
    ).toEqual([]);
    for (const leg of legs) {
      if (leg.kind === 'stock') expect(leg.limitPrice).toBe('100.00');
      else expect(leg.limitPrice).toBe(chainMidText(CHAIN, leg));
    }
  });

  test('custom starts empty; an added option leg joins the legs’ expiration at the money', () => {
    expect(strategyLegs('custom', CHAIN, 100, NOW)).toEqual([]);
    const first = customLeg('option', [], CHAIN, 101, NOW);
    expect(first).toMatchObject({
      kind: 'option',
      right: 'CALL',
      sign: 1,
      quantity: 1,
      expiration: '2026-04-17',
      strike: 100,
    });
    const moved = { ...first, expiration: '2026-03-20' };
    expect(customLeg('option', [moved], CHAIN, 101, NOW).expiration).toBe('2026-03-20');
    expect(customLeg('stock', [moved], CHAIN, 101.237, NOW)).toMatchObject({
      kind: 'stock',
      quantity: 100,
      limitPrice: '101.24',
    });
  });
});

describe('traded contracts', () => {
  test('a new order needs the chain to list the option; a stored one keeps its contract', () => {
    const [leg] = editorLegs([
      {
        contract: { kind: 'option', underlying: 'XYZ', right: 'CALL', expiration: '2026-03-20', strike: 101 },
        quantity: -2,
        limitPrice: 1.5,
      },
    ]);
    expect(leg).toMatchObject({ sign: -1, quantity: 2, strike: 101, limitPrice: '1.50' });
    expect(legContract(leg!, 'XYZ', CHAIN)).toBeNull();
    expect(legContract(leg!, 'XYZ', null)).toMatchObject({ strike: 101 });
    const draft = orderDraft('XYZ', 'long_call', [leg!], '1', CHAIN);
    expect(validateOrder(draft, { maxCustomStrategyLegs: 5 })[0]?.message).toBe(
      'All contracts must be traded.',
    );
    expect(orderLegs('XYZ', [leg!], CHAIN)).toBeNull();
  });

  test('limit prices as text: cents, 0 without a mid; non-numbers sent as 0', () => {
    expect(priceText(2.345)).toBe('2.35');
    expect(priceText(null)).toBe('0');
    const [leg] = editorLegs([
      { contract: { kind: 'stock', symbol: 'XYZ' }, quantity: 100, limitPrice: 100 },
    ]);
    expect(orderLegs('XYZ', [{ ...leg!, limitPrice: 'abc' }], CHAIN)).toEqual([
      { contract: { kind: 'stock', symbol: 'XYZ' }, quantity: 100, limitPrice: 0 },
    ]);
  });
});
