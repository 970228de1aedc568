import { setupIonicReact } from '@ionic/react';
import { act, render } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { GENERIC_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../../src/api/errors.ts';
import { ApiRequestError } from '../../src/app/api/client.ts';
import { createQueryClient } from '../../src/app/api/query-client.ts';
import { NoticeHost } from '../../src/app/components/NoticeHost.tsx';
import { dismiss, subscribeNotices } from '../../src/app/components/notices.ts';

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
    const fail = () => Promise.reject(new ApiRequestError(409, 'X', 'server words'));
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
    expect(document.querySelector('ion-toast')?.getAttribute('message')).toBe(GENERIC_ERROR_MESSAGE);
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
