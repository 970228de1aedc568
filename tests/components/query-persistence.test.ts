/**
 * The query cache survives a reload through IndexedDB, and a new app version drops it.
 * "Reload" = a fresh QueryClient and a fresh mirror opened on the same IndexedDB.
 */
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, test } from 'vitest';
import { openIdbMirrorStorage } from '#app/api/idb-mirror-storage.ts';
import { createQueryClient, persistOptions } from '#app/api/query-client.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';

let n = 0;
const freshDbName = () => `cache-test-${++n}`;

async function saveScans(dbName: string, buster: string) {
  const storage = await openIdbMirrorStorage(dbName);
  const client = createQueryClient();
  client.setQueryData(screenerKeys.lists(), [{ id: 1, title: 'Covered calls' }]);
  const options = persistOptions(storage, buster);
  await persistQueryClientSave({ queryClient: client, ...options });
  // The persister writes on a timer (or when the page is hidden); then the mirror writes to IndexedDB.
  options.persister.flush();
  await storage.flush();
}

async function reload(dbName: string, buster: string) {
  const storage = await openIdbMirrorStorage(dbName);
  const client = createQueryClient();
  await persistQueryClientRestore({ queryClient: client, ...persistOptions(storage, buster) });
  return client;
}

describe('persisted query cache', () => {
  test('a reload keeps cached data', async () => {
    const db = freshDbName();
    await saveScans(db, 'v1');
    const client = await reload(db, 'v1');
    expect(client.getQueryData(screenerKeys.lists())).toEqual([{ id: 1, title: 'Covered calls' }]);
  });

  test('a new app version busts the cache', async () => {
    const db = freshDbName();
    await saveScans(db, 'v1');
    const client = await reload(db, 'v2');
    expect(client.getQueryData(screenerKeys.lists())).toBeUndefined();
  });

  test('the mirror answers synchronously and writes through in order', async () => {
    const db = freshDbName();
    const a = await openIdbMirrorStorage(db);
    a.setItem('k', '1');
    a.setItem('k', '2');
    a.removeItem('gone');
    expect(a.getItem('k')).toBe('2');
    await a.flush();
    const b = await openIdbMirrorStorage(db);
    expect(b.getItem('k')).toBe('2');
    expect(b.getItem('gone')).toBeNull();
  });
});
