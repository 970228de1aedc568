/**
 * The scan page's save, rename and favourite (spec 2 §2.2, §4.2) go through the All Scans page's
 * writes: the same calls, the same cached entries set (so All Scans shows the change without a
 * reload), the same message and rollback on failure.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, onTestFinished, test, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import type { ScanRunAnswer } from '#api/scans.ts';
import { ListRole, type ListsAnswer, type SavedScanAnswer, type Scan } from '#api/screener-model.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { storeToken } from '#app/auth/token.ts';
import { type Notice, subscribeNotices } from '#app/components/notices.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { TRIAL_SUBSCRIPTION } from '../api-stub.ts';
import { renderAt } from '../render-app.tsx';
import { SAVED_SCAN } from './saved-scan.ts';

// The live connection is not part of this: it never comes.
vi.mock('#app/live/live-client.ts', () => ({ loadLiveConnection: () => new Promise(() => {}) }));

// Every screen but the sign-in pages needs a stored token (spec 1 §5).
beforeEach(() => storeToken('test-token'));
afterEach(() => {
  storeToken(null);
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SCAN = SAVED_SCAN;

const EMPTY_RUN: ScanRunAnswer = {
  items: [],
  pageSize: 20,
  totalCount: 0,
  page: 0,
  cacheId: 'cache-0001',
  narrowed: false,
  asOf: '2026-01-05T15:00:00.000Z',
  columns: [],
};

const LISTS: ListsAnswer = {
  lists: [
    { listId: 1, name: 'Saved', role: ListRole.Saved, items: [SCAN], tags: [] },
    { listId: 2, name: 'Favorites', role: ListRole.Favorites, items: [], tags: [] },
  ],
};

type Answer = (body: unknown) => Response;
interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** The server: `METHOD /path` answers; the scan runs come back empty; the rest is 404. */
function stubServer(routes: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  const all: Record<string, Answer> = {
    'GET /account/subscription': () => Response.json(TRIAL_SUBSCRIPTION),
    'POST /scans/run': () => Response.json(EMPTY_RUN),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://app.test').pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const answer = all[`${method} ${path}`];
      if (answer) return answer(body);
      if (path === '/system/message') return new Response(null, { status: 204 });
      return Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 });
    }),
  );
  return calls;
}

/** The app at the scan page's address, with All Scans' lists already cached. */
async function openScanPage(path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(screenerKeys.lists(), LISTS);
  const router = await renderAt(path, queryClient);
  return { router, queryClient };
}

function noticesSeen(): Notice[] {
  const seen: Notice[] = [];
  const stop = subscribeNotices((all) => seen.push(...all.filter((n) => !seen.includes(n))));
  onTestFinished(stop);
  return seen;
}

const favoritesIn = (lists: ListsAnswer | undefined) =>
  lists?.lists.find((l) => l.role === ListRole.Favorites)?.items.map((s) => s.id);

test('the star marks the scan at once, in the page and in All Scans, and the server is told', async () => {
  let stored = SCAN;
  const calls = stubServer({
    'GET /scans/5': () => Response.json(stored),
    'PUT /scans/5/favorite': () => {
      stored = { ...stored, isFavorite: true };
      return new Response(null, { status: 204 });
    },
  });
  const { queryClient } = await openScanPage('/screener/scan/5');
  fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
  await screen.findByRole('button', { name: 'Remove from favorites' });
  expect(favoritesIn(queryClient.getQueryData<ListsAnswer>(screenerKeys.lists()))).toEqual([5]);
  await waitFor(() =>
    expect(calls).toContainEqual({ method: 'PUT', path: '/scans/5/favorite', body: undefined }),
  );
  // Once the server has answered, the page and All Scans are refreshed from it.
  await waitFor(() => expect(queryClient.getQueryState(screenerKeys.lists())?.isInvalidated).toBe(true));
  expect(screen.getByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
});

test('a refused favourite flips the star back and says the generic message', async () => {
  const seen = noticesSeen();
  stubServer({
    'GET /scans/5': () => Response.json(SCAN),
    'PUT /scans/5/favorite': () => Response.json({ code: 'UNKNOWN', message: 'boom' }, { status: 500 }),
  });
  const { queryClient } = await openScanPage('/screener/scan/5');
  fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
  await waitFor(() => expect(seen.map((n) => n.message)).toContain(GENERIC_ERROR_MESSAGE));
  await screen.findByRole('button', { name: 'Add to favorites' });
  expect(favoritesIn(queryClient.getQueryData<ListsAnswer>(screenerKeys.lists()))).toEqual([]);
});

test("a saved scan's new title is saved at once and kept in the cached scan", async () => {
  let stored = SCAN;
  const calls = stubServer({
    'GET /scans/5': () => Response.json(stored),
    'PATCH /scans/5': (body) => {
      stored = { ...stored, ...(body as Partial<Scan>) };
      return Response.json(stored);
    },
  });
  const { queryClient } = await openScanPage('/screener/scan/5');
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Weekly puts' }));
  fireEvent.change(screen.getByLabelText('Scan title'), { target: { value: 'Bull puts' } });
  fireEvent.keyDown(screen.getByLabelText('Scan title'), { key: 'Enter' });
  await screen.findByRole('heading', { name: 'Bull puts' });
  await waitFor(() =>
    expect(calls).toContainEqual({ method: 'PATCH', path: '/scans/5', body: { title: 'Bull puts' } }),
  );
  await waitFor(() => expect(queryClient.getQueryData<Scan>(screenerKeys.scan(5))?.title).toBe('Bull puts'));
});

test('SAVE stores a new scan, opens it at its address, and All Scans lists it again', async () => {
  const saved: SavedScanAnswer = { ...SCAN, id: 77, title: 'Untitled Scan', warnings: [] };
  const calls = stubServer({
    'POST /scans': () => Response.json(saved),
    'GET /scans/77': () => Response.json(saved),
    'GET /scans/filters': () => Response.json({}),
  });
  const { router, queryClient } = await openScanPage('/screener/scan');
  fireEvent.click(await screen.findByRole('button', { name: 'SAVE' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/screener/scan/77'));
  const post = calls.find((c) => c.method === 'POST' && c.path === '/scans');
  expect(post?.body).toMatchObject({ title: 'Untitled Scan', strategy: expect.any(String) });
  // The lists were refreshed, and the saved scan is an own scan now: UPDATE, no SAVE.
  expect(queryClient.getQueryState(screenerKeys.lists())?.isInvalidated).toBe(true);
  await screen.findByRole('button', { name: 'UPDATE' });
  expect(screen.getByRole('button', { name: 'Add to favorites' })).toBeTruthy();
});

test("a refused save says the server's words and stays a new scan", async () => {
  const seen = noticesSeen();
  stubServer({
    'POST /scans': () =>
      Response.json({ code: 'PLAN_LIMIT_REACHED', message: 'Your plan saves 3 scans.' }, { status: 409 }),
  });
  const { router } = await openScanPage('/screener/scan');
  fireEvent.click(await screen.findByRole('button', { name: 'SAVE' }));
  await waitFor(() => expect(seen.map((n) => n.message)).toContain('Your plan saves 3 scans.'));
  expect(router.state.location.pathname).toBe('/screener/scan');
  expect(screen.getByRole('button', { name: 'SAVE' })).toBeTruthy();
});

test("a refused title says the server's words, as a refused description on All Scans does", async () => {
  const seen = noticesSeen();
  stubServer({
    'GET /scans/5': () => Response.json(SCAN),
    'PATCH /scans/5': () =>
      Response.json({ code: 'VALIDATION_FAILED', message: 'The title is too long.' }, { status: 400 }),
  });
  await openScanPage('/screener/scan/5');
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Weekly puts' }));
  fireEvent.change(screen.getByLabelText('Scan title'), { target: { value: 'Bull puts' } });
  fireEvent.keyDown(screen.getByLabelText('Scan title'), { key: 'Enter' });
  await waitFor(() => expect(seen.map((n) => n.message)).toContain('The title is too long.'));
});

test('a star set on All Scans marks the cached scan too, so its page shows it at once', async () => {
  let lists = LISTS;
  stubServer({
    'GET /lists': () => Response.json(lists),
    'GET /scans/tags': () => Response.json([]),
    'PUT /scans/5/favorite': () => {
      lists = {
        lists: LISTS.lists.map((l) => ({ ...l, items: l.items.map((c) => ({ ...c, isFavorite: true })) })),
      };
      return new Response(null, { status: 204 });
    },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(screenerKeys.scan(5), SCAN);
  await renderAt('/screener', queryClient);
  // Ionic's button takes its label as a property (jsdom does not upgrade it): the star inside it.
  const star = await waitFor(() => {
    const found = document.querySelector('.scan-card[data-scan="Weekly puts"] .favorite-star');
    if (!found) throw new Error('no card yet');
    return found;
  });
  fireEvent.click(star);
  await waitFor(() => expect(queryClient.getQueryData<Scan>(screenerKeys.scan(5))?.isFavorite).toBe(true));
});
