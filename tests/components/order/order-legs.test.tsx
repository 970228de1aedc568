/**
 * The legs part of the order form (spec 3 §2, §5): a custom strategy's empty state, the legs'
 * message, and the buttons adding a stock or an option leg within the product's and the plan's
 * limits.
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import type { OrderStrategy } from '#api/trades.ts';
import { CUSTOM_EMPTY, CUSTOM_HELP_URL, OrderLegs } from '#app/screens/order/OrderLegs.tsx';
import type { EditorLeg } from '#app/screens/order/order-draft.ts';
import { editableFields } from '#domain/orders/order-modes.ts';
import { ORDER_MESSAGES } from '#domain/orders/order-validation.ts';
import { renderInRouter } from '#tests/components/scan/render-in-router.tsx';
import { editorLeg } from './order-fixtures.ts';

const CHAIN: OptionChainRow[] = [
  {
    option: { kind: 'option', underlying: 'XYZ', right: 'CALL', expiration: '2026-04-17', strike: 100 },
    id: 'XYZ-C-100',
    bid: 3.1,
    ask: 3.3,
    mid: 3.2,
    iv: 0.3,
  },
];

async function legsOf(
  strategy: OrderStrategy,
  legs: readonly EditorLeg[],
  over: { chain?: OptionChainRow[] | null; maxLegs?: number; fieldErrors?: Record<string, string> } = {},
) {
  const onAdd = vi.fn();
  const onRemove = vi.fn();
  await renderInRouter(() => (
    <OrderLegs
      order={{
        strategy,
        symbol: 'XYZ',
        legs,
        chain: over.chain === undefined ? CHAIN : over.chain,
        changeLeg: () => undefined,
        removeLeg: onRemove,
        addLeg: onAdd,
      }}
      editable={editableFields('new', strategy)}
      disabled={false}
      fieldErrors={over.fieldErrors ?? {}}
      maxLegs={over.maxLegs ?? 5}
    />
  ));
  return { onAdd, onRemove };
}

/** Ionic's elements take `disabled` as a property (jsdom does not upgrade them). */
// The attribute: Ionic's button is drawn undefined until the first content, and reads it once defined.
const disabled = (text: string) => screen.getByText(text).closest('ion-button')?.hasAttribute('disabled');

test('an empty custom strategy says how to build one and offers both kinds of leg', async () => {
  const { onAdd } = await legsOf('custom', []);
  expect(screen.getByText(CUSTOM_EMPTY, { exact: false })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'How custom strategies work' }).getAttribute('href')).toBe(
    CUSTOM_HELP_URL,
  );
  expect(screen.queryByRole('table')).toBeNull();
  expect(disabled('Stock Leg')).toBe(false);
  fireEvent.click(screen.getByText('Option Leg'));
  expect(onAdd).toHaveBeenCalledWith('option');
  fireEvent.click(screen.getByText('Stock Leg'));
  expect(onAdd).toHaveBeenCalledWith('stock');
});

test('one stock leg at most, four option legs at most: the buttons say so', async () => {
  const legs = [
    editorLeg({ key: 1, kind: 'stock', quantity: 100 }),
    ...[2, 3, 4, 5].map((key) => editorLeg({ key })),
  ];
  await legsOf('custom', legs, { maxLegs: 9 });
  expect(disabled('Stock Leg')).toBe(true);
  expect(disabled('Option Leg')).toBe(true);
  expect(screen.getByText(ORDER_MESSAGES.oneStockLeg)).toBeTruthy();
  expect(screen.getByText(ORDER_MESSAGES.tooManyOptionLegs)).toBeTruthy();
});

test("the plan's cap on legs is said with a link to upgrade", async () => {
  await legsOf('custom', [editorLeg({ key: 1 }), editorLeg({ key: 2 })], { maxLegs: 2 });
  expect(screen.getByText(ORDER_MESSAGES.planLegLimit(2), { exact: false })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
});

test("a custom strategy's leg is removed by its own button", async () => {
  const { onRemove } = await legsOf('custom', [editorLeg({ key: 1 }), editorLeg({ key: 2, strike: 105 })]);
  const removes = screen.getAllByText('✕');
  expect(removes).toHaveLength(2);
  fireEvent.click(removes[1] as HTMLElement);
  expect(onRemove).toHaveBeenCalledWith(1);
});

test('no leg can be added before the chain is in', async () => {
  await legsOf('custom', [], { chain: null });
  expect(disabled('Option Leg')).toBe(true);
});

test("a strategy's legs show in the table with the legs' first message, and no add buttons", async () => {
  const { onRemove } = await legsOf(
    'bull_call_spread',
    [editorLeg({ key: 1 }), editorLeg({ key: 2, sign: -1, strike: 105 })],
    {
      fieldErrors: { 'legs.1.limitPrice': 'Limit price is required.', 'legs.1': 'Second leg.' },
    },
  );
  expect(screen.getAllByRole('row')).toHaveLength(3);
  expect(screen.getByRole('alert').textContent).toBe('Second leg.');
  expect(screen.queryByText('Option Leg')).toBeNull();
  expect(screen.queryByText(CUSTOM_EMPTY, { exact: false })).toBeNull();
  expect(onRemove).not.toHaveBeenCalled();
});
