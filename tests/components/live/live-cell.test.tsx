/**
 * Price cells flash green when the value rose and red when it fell (or as the row's direction flag
 * says); the indicator shows the connection's state and the data's age.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LiveCell } from '#app/live/LiveCell.tsx';
import { ageText, LiveIndicator } from '#app/live/LiveIndicator.tsx';
import { setLiveStatus } from '#app/live/live-status.ts';

const cell = (value: number | null, direction?: 1 | -1) => (
  <LiveCell value={value} direction={direction}>
    {String(value)}
  </LiveCell>
);

describe('LiveCell', () => {
  test('no flash at first; up, down, the flag winning over the sign, and replayed on every change', () => {
    const { rerender, container } = render(cell(1));
    const span = () => container.querySelector('span')!;
    expect(span().className).toBe('live-cell');
    rerender(cell(2));
    expect(span().className).toBe('live-cell flash-up');
    const first = span();
    rerender(cell(1.5));
    expect(span().className).toBe('live-cell flash-down');
    rerender(cell(1.4, 1));
    expect(span().className).toBe('live-cell flash-up');
    // A new element: the CSS animation plays again.
    rerender(cell(1.6, 1));
    expect(span()).not.toBe(first);
    const same = span();
    rerender(cell(1.6, 1));
    expect(span()).toBe(same);
  });

  test('from or to no value: no flash', () => {
    const { rerender, container } = render(cell(null));
    rerender(cell(3));
    expect(container.querySelector('span')!.className).toBe('live-cell');
  });
});

describe('LiveIndicator', () => {
  test('hidden while idle; live with the age, reconnecting, offline', () => {
    act(() => setLiveStatus({ state: 'idle', updatedAt: null }));
    const { container } = render(<LiveIndicator />);
    expect(container.textContent).toBe('');
    act(() => setLiveStatus({ state: 'live', updatedAt: Date.now() - 3000 }));
    expect(screen.getByRole('status').textContent).toBe('Live');
    expect(container.textContent).toMatch(/updated [34] s ago/);
    act(() => setLiveStatus({ state: 'reconnecting' }));
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    act(() => setLiveStatus({ state: 'offline' }));
    expect(screen.getByRole('status').textContent).toBe('Offline');
    act(() => setLiveStatus({ state: 'idle', updatedAt: null }));
  });

  test('ages in seconds, minutes and hours', () => {
    expect(ageText(0)).toBe('0 s ago');
    expect(ageText(59_999)).toBe('59 s ago');
    expect(ageText(60_000)).toBe('1 min ago');
    expect(ageText(7_200_000)).toBe('2 h ago');
  });
});
