/** The result cache: 3 per user, most recent first; a global bound drops the least active user's oldest. */
import { describe, expect, test } from 'vitest';
import type { ScanResult } from '#engine/scan-run.ts';
import { type CacheEntry, ScanCache } from '#server/engine/scan-cache.ts';

const entry = (id: string, bytes = 1): CacheEntry => ({
  cacheId: id,
  key: id,
  result: { capture: { bytes } } as unknown as ScanResult,
});

describe('scan cache', () => {
  test('the last three of a user', () => {
    const cache = new ScanCache();
    for (const id of ['a', 'b', 'c', 'd']) cache.put('u', entry(id));
    expect(cache.get('u', 'a')).toBeUndefined();
    expect(cache.get('u', 'b')?.cacheId).toBe('b');
    // Reading b made it the most recent: e now pushes out c.
    cache.put('u', entry('e'));
    expect(cache.get('u', 'c')).toBeUndefined();
    expect(cache.get('u', 'b')).toBeDefined();
    expect(cache.get('v', 'b')).toBeUndefined();
  });

  test('at most maxBytes over all users, the least active user losing first', () => {
    const cache = new ScanCache(4);
    cache.put('old', entry('o1'));
    cache.put('old', entry('o2'));
    cache.put('new', entry('n1'));
    cache.put('new', entry('n2'));
    cache.put('new', entry('n3'));
    expect(cache.get('old', 'o1')).toBeUndefined();
    expect(cache.get('old', 'o2')).toBeDefined();
    expect(['n1', 'n2', 'n3'].every((id) => cache.get('new', id))).toBe(true);
  });

  test('ids are url-safe and unique', () => {
    const ids = new Set(Array.from({ length: 100 }, () => ScanCache.newId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});
