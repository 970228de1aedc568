/** The filter editor's dialog (spec 2 §3.9, §4.4, §5): what a trader types, and what Apply keeps. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { FilterDialog } from '../../../src/app/screens/scan/FilterEditor.tsx';
import { filterByName } from '../../../src/domain/filters/filter-catalogue.ts';
import type { FilterValue } from '../../../src/domain/filters/filter-value.ts';

function editor(filterKey: string, value: FilterValue) {
  const def = filterByName(filterKey);
  if (!def) throw new Error(`no filter ${filterKey}`);
  const onApply = vi.fn();
  render(
    <FilterDialog
      filterKey={filterKey}
      def={def}
      title={def.label}
      value={value}
      asOfMs={0}
      onApply={onApply}
      onClose={() => undefined}
    />,
  );
  return onApply;
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

describe('symbol lists', () => {
  test.each([
    ['include_symbols', 'any_of'],
    ['exclude_symbols', 'none_of'],
  ] as const)('%s: typing letter by letter keeps the editor, Apply keeps the cleaned list', (key, type) => {
    const onApply = editor(key, { type, values: [] });
    const field = screen.getByLabelText('Symbols');
    for (const text of ['a', 'aa', 'aapl', 'aapl,', 'aapl, msft; aapl ']) {
      fireEvent.change(field, { target: { value: text } });
      expect((field as HTMLTextAreaElement).value).toBe(text);
    }
    apply();
    expect(onApply).toHaveBeenCalledWith({ type, values: ['AAPL', 'MSFT'] });
  });
});
