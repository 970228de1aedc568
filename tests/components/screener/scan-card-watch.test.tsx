/**
 * A scan card's watch indicator (docs/WATCHING.md, "On the scan page"): a failed watch shows as
 * watched, with its error mark, since it counts toward the plan's cap until the user stops it.
 */
import { expect, test } from 'vitest';
import type { ScanSummary, ScanWatch } from '#api/screener-model.ts';
import { ScanCard } from '#app/screens/screener/ScanCard.tsx';
import { renderInRouter } from '../scan/render-in-router.tsx';

const card = (status: ScanWatch['status']): ScanSummary => ({
  id: 7,
  title: 'Weekly puts',
  description: '',
  strategy: 'naked_put',
  isSample: false,
  isFavorite: false,
  listId: 1,
  tags: [],
  createDate: '2026-01-02T00:00:00Z',
  watch: { status, maxCount: 20, usedCount: 20 },
});
const actions = { onFavorite: () => {}, onMove: () => {}, onDuplicate: () => {}, onDescription: () => {} };

async function indicator(status: ScanWatch['status']) {
  const view = await renderInRouter(() => (
    <ScanCard card={card(status)} targets={[]} busy={false} actions={actions} />
  ));
  const icon = view.container.querySelector('.watch-indicator');
  const label = icon?.querySelector('title')?.textContent;
  view.unmount();
  return { className: icon?.getAttribute('class'), label };
}

test('a failed watch is shown watched, marked as failed; a watch that works and no watch as before', async () => {
  expect(await indicator('WATCHING_TOO_EXPENSIVE')).toEqual({
    className: expect.stringMatching(/\bwatch-indicator on failed\b/),
    label: 'Watched: watching failed',
  });
  expect(await indicator(true)).toEqual({ className: expect.stringMatching(/\bon$/), label: 'Watched' });
  expect(await indicator(false)).toEqual({
    className: expect.not.stringMatching(/\bon\b/),
    label: 'Not watched',
  });
});
