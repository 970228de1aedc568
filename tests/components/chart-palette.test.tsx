/**
 * Charts draw their axes on a canvas, where the dark palette's CSS does not reach: on dark the
 * chart gets light axis text and grid lines, and is drawn again when the palette changes.
 */
import { act, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';

const made: { axes?: { stroke?: unknown; size?: number }[] }[] = [];
vi.mock('uplot', () => ({
  default: class {
    constructor(options: { axes?: { stroke?: unknown }[] }) {
      made.push(options);
    }
    setSize() {}
    destroy() {}
  },
}));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

const { UPlotChart } = await import('#app/screens/order/charts/UPlotChart.tsx');

afterEach(() => document.documentElement.classList.remove('ion-palette-dark'));

test('dark axes on the dark palette, the chart redrawn when the palette changes', async () => {
  render(
    <UPlotChart
      options={{ series: [{}, {}], axes: [{}, { size: 56 }] }}
      data={[[1], [2]]}
      height={100}
      label="x"
    />,
  );
  expect(made.at(-1)?.axes).toEqual([{}, { size: 56 }]);
  await act(async () => {
    document.documentElement.classList.add('ion-palette-dark');
    await Promise.resolve();
  });
  const axes = made.at(-1)?.axes ?? [];
  expect(axes.map((a) => a.stroke)).toEqual(['#d0d0d0', '#d0d0d0']);
  // The chart's own axis settings stay.
  expect(axes[1]?.size).toBe(56);
});
