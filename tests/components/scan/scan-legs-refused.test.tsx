/**
 * A run whose custom legs the server refuses (422 INVALID_STRATEGY_LEGS, spec 2 §8): the results
 * say the server's reason, and the definition panel says it under the legs until they change.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { DefinitionPanel } from '#app/screens/scan/DefinitionPanel.tsx';
import { newDraft } from '#app/screens/scan/scan-draft.ts';
import { errorMessage } from '#domain/errors.ts';
import { RUN_BODY, RunPage } from './run-page.tsx';

vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

afterEach(() => vi.unstubAllGlobals());

const REFUSAL = errorMessage('INVALID_STRATEGY_LEGS');

test("the results say the server's refusal of the legs", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ code: 'INVALID_STRATEGY_LEGS', message: REFUSAL, details: {} }, { status: 422 }),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RunPage body={{ ...RUN_BODY, strategy: 'custom' }} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'RUN SCAN' }));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('Invalid strategy legs combination.'),
  );
});

test('the definition panel says the refusal, and nothing without one', () => {
  const panel = (legsRefusal: string | null) => (
    <QueryClientProvider client={createQueryClient()}>
      <DefinitionPanel
        draft={newDraft()}
        onChange={() => undefined}
        onStrategy={() => undefined}
        asOfMs={0}
        planMax={5}
        legsRefusal={legsRefusal}
      />
    </QueryClientProvider>
  );
  const { rerender } = render(panel(REFUSAL));
  expect(screen.getByRole('alert').textContent).toBe('Invalid strategy legs combination.');
  rerender(panel(null));
  expect(screen.queryByRole('alert')).toBeNull();
});
