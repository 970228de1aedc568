import { setupIonicReact } from '@ionic/react';
import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '#api/errors.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { NoticeHost } from '#app/components/NoticeHost.tsx';
import { dismiss, notify, subscribeNotices } from '#app/components/notices.ts';

beforeAll(() => setupIonicReact({ mode: 'md' }));

function currentMessages(): string[] {
  let messages: string[] = [];
  subscribeNotices((n) => {
    messages = n.map((x) => x.message);
  })();
  return messages;
}

function clearNotices() {
  subscribeNotices((n) => {
    for (const x of n) dismiss(x.id);
  })();
}

describe('unhandled failures become a toast', () => {
  test('a failed mutation without its own handler shows the generic message, once', async () => {
    clearNotices();
    const client = createQueryClient();
    render(<NoticeHost />);
    const fail = () => Promise.reject(new ApiRequestError(409, 'CONFLICT', 'server words'));
    await act(async () => {
      await client
        .getMutationCache()
        .build(client, { mutationFn: fail })
        .execute(undefined)
        .catch(() => undefined);
      await client
        .getMutationCache()
        .build(client, { mutationFn: fail })
        .execute(undefined)
        .catch(() => undefined);
    });
    expect(currentMessages()).toEqual([GENERIC_ERROR_MESSAGE]);
    expect(document.querySelector('.app-toast')?.textContent).toContain(GENERIC_ERROR_MESSAGE);
    expect(document.querySelector('.app-toast')?.getAttribute('role')).toBe('alert');
  });

  test('a time-out shows the time-out message; a 401 only redirects; a handled failure stays local', async () => {
    clearNotices();
    const client = createQueryClient();
    const run = (error: Error, onError?: () => void) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error), ...(onError ? { onError } : {}) })
        .execute(undefined)
        .catch(() => undefined);
    await run(new ApiRequestError(401, 'UNAUTHORIZED', 'no'));
    await run(new ApiRequestError(422, 'LEGS_MISMATCH', 'legs'), () => undefined);
    expect(currentMessages()).toEqual([]);
    await run(new ApiRequestError(504, 'TIMEOUT', TIMEOUT_MESSAGE));
    expect(currentMessages()).toEqual([TIMEOUT_MESSAGE]);
  });
});

describe('the toast', () => {
  test('one at a time; Dismiss and the action take it away; it goes by itself after its duration', async () => {
    clearNotices();
    vi.useFakeTimers();
    try {
      const ran: string[] = [];
      render(<NoticeHost />);
      act(() => {
        notify({
          message: 'first',
          color: 'primary',
          action: { label: 'Undo', run: () => ran.push('undo') },
        });
        notify({ message: 'second', duration: 0 });
        notify({ message: 'third', duration: 1000 });
      });
      expect(screen.getByRole('status').textContent).toContain('first');
      act(() => screen.getByRole('button', { name: 'Undo' }).click());
      expect(ran).toEqual(['undo']);
      expect(screen.getByRole('alert').textContent).toContain('second');
      // No duration: it stays until dismissed.
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('alert').textContent).toContain('second');
      act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
      expect(screen.getByRole('alert').textContent).toContain('third');
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
