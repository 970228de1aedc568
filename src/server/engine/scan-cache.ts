/**
 * Scan results per user under a `cacheId`: the last 3 of each user (spec 2 §4.1), and at most
 * `maxBytes` of captured market over all users (the least recently active user's oldest result
 * out first), so memory stays bounded however many users scan. Paging and exports of a cached
 * scan never recompute it.
 */
import { randomBytes } from 'node:crypto';
import type { ScanResult } from '#engine/scan-run.ts';

export const CACHED_PER_USER = 3;

export interface CacheEntry {
  readonly cacheId: string;
  /** The scan definition the result is for (strategy, legs, filters, sorting, level, ticker). */
  readonly key: string;
  readonly result: ScanResult;
}

const bytesOf = (e: CacheEntry): number => e.result.capture?.bytes ?? 0;

export class ScanCache {
  readonly #byUser = new Map<string, CacheEntry[]>();
  readonly #maxBytes: number;

  /** `maxBytes`: bound of the results' captured columns together (default 256 MB). */
  constructor(maxBytes = 256 * 1024 * 1024) {
    this.#maxBytes = maxBytes;
  }

  static newId(): string {
    return randomBytes(12).toString('base64url');
  }

  get(user: string, cacheId: string): CacheEntry | undefined {
    const list = this.#byUser.get(user);
    const entry = list?.find((e) => e.cacheId === cacheId);
    if (entry) this.#touch(user, list!, entry);
    return entry;
  }

  put(user: string, entry: CacheEntry): void {
    const list = this.#byUser.get(user) ?? [];
    list.unshift(entry);
    list.length = Math.min(list.length, CACHED_PER_USER);
    this.#touch(user, list, entry);
    let total = 0;
    for (const l of this.#byUser.values()) for (const e of l) total += bytesOf(e);
    // Over the global bound: drop the oldest entry of the least recently active user (never the
    // entry just stored).
    while (total > this.#maxBytes) {
      const [oldest] = this.#byUser.keys();
      const l = this.#byUser.get(oldest!)!;
      if (oldest === user && l.length === 1) break;
      total -= bytesOf(l.pop()!);
      if (l.length === 0) this.#byUser.delete(oldest!);
    }
  }

  #touch(user: string, list: CacheEntry[], entry: CacheEntry): void {
    const i = list.indexOf(entry);
    if (i > 0) {
      list.splice(i, 1);
      list.unshift(entry);
    }
    // Map order = least recently active user first.
    this.#byUser.delete(user);
    this.#byUser.set(user, list);
  }
}
