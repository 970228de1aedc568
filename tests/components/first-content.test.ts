/**
 * What the app runs in the background (the service worker's registration, the pending-writes
 * queue, the live connection) waits until the first screen shows its content: the router has
 * resolved it and no API request is in flight, or at most FIRST_CONTENT_MAX_MS after start-up.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const startPendingWrites = vi.fn();
vi.mock('#app/api/pending-writes.ts', () => ({ startPendingWrites }));

type Gate = typeof import('#app/api/first-content.ts');

/** A fresh copy of the module: its state is start-up's. */
const freshGate = async (): Promise<Gate> => {
  vi.resetModules();
  return import('#app/api/first-content.ts');
};

/** Whether `promise` has settled once pending callbacks and `ms` more have run. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
}

beforeEach(() => startPendingWrites.mockClear());
afterEach(() => vi.useRealTimers());

describe('first content', () => {
  test('not armed (a test, a page without the app), nothing waits', async () => {
    const gate = await freshGate();
    await expect(settledWithin(gate.afterFirstContent(), 0)).resolves.toBe(true);
  });

  test('armed, it waits for the first screen, then for its requests to be answered', async () => {
    const gate = await freshGate();
    gate.awaitFirstContent();
    let answer: (value: string) => void = () => {};
    const request = gate.inFlightWhile(
      () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    );
    expect(await settledWithin(gate.afterFirstContent(), 200)).toBe(false);
    gate.firstScreenResolved();
    expect(await settledWithin(gate.afterFirstContent(), 200)).toBe(false);
    answer('rows');
    await expect(request).resolves.toBe('rows');
    // The next request, started as the answer renders, keeps it waiting.
    const next = gate.inFlightWhile(() => Promise.resolve('results'));
    await expect(next).resolves.toBe('results');
    expect(await settledWithin(gate.afterFirstContent(), gate.QUIET_MS + 500)).toBe(true);
  });

  test('a request that never ends keeps nothing waiting past the upper bound', async () => {
    vi.useFakeTimers();
    const gate = await freshGate();
    gate.awaitFirstContent();
    void gate.inFlightWhile(() => new Promise(() => {}));
    gate.firstScreenResolved();
    let reached = false;
    void gate.afterFirstContent().then(() => {
      reached = true;
    });
    await vi.advanceTimersByTimeAsync(gate.FIRST_CONTENT_MAX_MS - 1);
    expect(reached).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(reached).toBe(true);
  });

  test('the pending-writes queue starts once the first screen shows its content, not before', async () => {
    const gate = await freshGate();
    gate.awaitFirstContent();
    const { registerTradeMutations } = await import('#app/features/trades/write-replay.ts');
    registerTradeMutations(new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(startPendingWrites).not.toHaveBeenCalled();
    gate.firstScreenResolved();
    await vi.waitFor(() => expect(startPendingWrites).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });
});
