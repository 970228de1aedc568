/** The column chooser (spec 2 §2.5): filter as you type, categories, ticking, 'Reorder Columns'. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ColumnChooser } from '#app/screens/scan/columns/ColumnChooser.tsx';
import { DATA_CATEGORY_ORDER } from '#domain/columns/categories.ts';

/** The chooser as the Scan page holds it: the selection in state, every change recorded. */
function Host({
  strategy,
  initial,
  changes,
  onClose,
}: {
  strategy: string;
  initial: string[];
  changes: string[][];
  onClose: () => void;
}) {
  const [selected, setSelected] = useState(initial);
  return (
    <ColumnChooser
      strategy={strategy}
      selected={selected}
      onChange={(next) => {
        changes.push(next);
        setSelected(next);
      }}
      onClose={onClose}
    />
  );
}

function renderChooser(strategy: string, initial: string[]) {
  const changes: string[][] = [];
  const onClose = vi.fn();
  render(<Host strategy={strategy} initial={initial} changes={changes} onClose={onClose} />);
  return { changes, onClose };
}

const groupNames = () => screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent);
const checkboxNames = () => screen.queryAllByRole('checkbox').map((c) => c.closest('label')?.textContent);
const search = (text: string) =>
  fireEvent.change(screen.getByPlaceholderText('Filter as you type'), { target: { value: text } });

describe('the list', () => {
  test('grouped by category in the spec order, the selection ticked', () => {
    renderChooser('iron_condor', ['underlying', 'stock_last']);
    expect(screen.getByRole('dialog', { name: 'Columns' })).toBeTruthy();
    expect(groupNames()).toEqual(DATA_CATEGORY_ORDER);
    const descriptive = screen.getByRole('group', { name: 'Descriptive Data' });
    expect((within(descriptive).getByLabelText('Symbol') as HTMLInputElement).checked).toBe(true);
    expect((within(descriptive).getByLabelText('Name') as HTMLInputElement).checked).toBe(false);
  });

  test("the strategy's columns only: no spread width for a single option", () => {
    renderChooser('long_call', ['underlying']);
    search('spread width');
    expect(checkboxNames()).not.toContain('Spread Width');
  });
});

describe('filter as you type', () => {
  test('case-insensitive over titles', () => {
    renderChooser('bull_call_spread', ['underlying']);
    search('sPrEaD wIdTh');
    expect(checkboxNames()).toEqual(['Spread Width']);
    expect(groupNames()).toEqual(['Spreads Specific']);
  });

  test('and over descriptions', () => {
    renderChooser('bull_call_spread', ['underlying']);
    // Only Spread Width's description says 'outermost'.
    search('OUTERMOST');
    expect(checkboxNames()).toEqual(['Spread Width']);
  });

  test('narrows as each letter is typed, and says when nothing matches', () => {
    renderChooser('bull_call_spread', ['underlying']);
    search('p');
    const broad = checkboxNames().length;
    search('p/');
    const narrow = checkboxNames().length;
    expect(narrow).toBeGreaterThan(0);
    expect(narrow).toBeLessThan(broad);
    search('p/zzz');
    expect(screen.getByText('No columns match.')).toBeTruthy();
  });
});

test('ticking adds the column last, unticking removes it', () => {
  const { changes } = renderChooser('iron_condor', ['underlying', 'stock_last']);
  search('company');
  fireEvent.click(screen.getByLabelText('Name'));
  search('last traded');
  fireEvent.click(screen.getByLabelText('Last'));
  expect(changes).toEqual([
    ['underlying', 'stock_last', 'name'],
    ['underlying', 'name'],
  ]);
});

describe('Reorder Columns', () => {
  const order = () => within(screen.getByRole('list', { name: 'Column order' })).getAllByRole('listitem');
  const titles = () => order().map((li) => li.querySelector('.column-chooser-title')?.textContent);

  test('moves the chosen columns up and down, and back to the list', () => {
    const { changes } = renderChooser('iron_condor', ['underlying', 'stock_last', 'strike_2']);
    fireEvent.click(screen.getByRole('button', { name: 'Reorder Columns' }));
    expect(screen.getByRole('dialog', { name: 'Reorder Columns' })).toBeTruthy();
    expect(titles()).toEqual(['Symbol', 'Last', 'Strike 2']);
    expect((screen.getByRole('button', { name: 'Move Symbol up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Strike 2 down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Move Strike 2 up' }));
    expect(titles()).toEqual(['Symbol', 'Strike 2', 'Last']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Symbol down' }));
    expect(titles()).toEqual(['Strike 2', 'Symbol', 'Last']);
    expect(changes.at(-1)).toEqual(['strike_2', 'underlying', 'stock_last']);

    fireEvent.click(screen.getByRole('button', { name: '‹ Columns' }));
    expect(screen.getByRole('dialog', { name: 'Columns' })).toBeTruthy();
  });

  test('a drag drops the column where it is let go', () => {
    const { changes } = renderChooser('iron_condor', ['underlying', 'stock_last', 'name']);
    fireEvent.click(screen.getByRole('button', { name: 'Reorder Columns' }));
    const [first, , third] = order();
    fireEvent.dragStart(first!, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(third!);
    fireEvent.drop(third!);
    expect(changes.at(-1)).toEqual(['stock_last', 'name', 'underlying']);
  });
});

test('Close, Escape and a click outside close', () => {
  const { onClose } = renderChooser('long_call', ['underlying']);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  fireEvent.keyDown(window, { key: 'Escape' });
  fireEvent.click(document.querySelector('.column-chooser-backdrop')!);
  expect(onClose).toHaveBeenCalledTimes(3);
});
