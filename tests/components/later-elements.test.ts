/**
 * The Ionic elements defined after the first screen's content (`later-elements.ts`): a load that
 * fails (a new version deployed while the tab is open) is not an unhandled rejection, and the next
 * call tries again; once defined, they are not loaded again.
 */
import { expect, test, vi } from 'vitest';

const { define } = vi.hoisted(() => ({ define: vi.fn() }));
vi.mock('#app/components/ion-later-elements.ts', () => ({ defineLaterElements: define }));

test('a failed load is tried again at the next call, then the elements are defined once', async () => {
  const { defineLaterElements } = await import('#app/components/later-elements.ts');
  define.mockImplementationOnce(() => {
    throw new TypeError('Failed to fetch dynamically imported module');
  });
  await expect(defineLaterElements()).resolves.toBeUndefined();
  expect(define).toHaveBeenCalledTimes(1);
  await defineLaterElements();
  expect(define).toHaveBeenCalledTimes(2);
  await defineLaterElements();
  expect(define).toHaveBeenCalledTimes(2);
});
