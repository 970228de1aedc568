/**
 * A synchronous Storage for the query cache's persister (`cache-persister.ts`), backed by IndexedDB.
 *
 * Why: the persister wants getItem/setItem that return at once, and IndexedDB is
 * asynchronous. localStorage is synchronous but small (~5 MB) and blocks the main thread on
 * big writes, which a cache of scans and trades outgrows. So the whole key space is read from
 * IndexedDB once, before the app renders (`openIdbMirrorStorage`), held in memory, and every
 * write goes to memory at once and to IndexedDB behind it, in order (IndexedDB's own order of
 * read-write transactions).
 */
import { type IDBPDatabase, openDB } from 'idb';

export interface MirrorStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Resolves when every write so far has reached IndexedDB. */
  flush(): Promise<void>;
  /** Deletes every key, in memory and in IndexedDB (sign-out); resolves once IndexedDB is empty. */
  clear(): Promise<void>;
}

const STORE = 'kv';

export async function openIdbMirrorStorage(dbName: string): Promise<MirrorStorage> {
  let db: IDBPDatabase | null = null;
  const mirror = new Map<string, string>();
  try {
    db = await openDB(dbName, 1, { upgrade: (d) => void d.createObjectStore(STORE) });
    const tx = db.transaction(STORE);
    const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
    keys.forEach((k, i) => {
      const v = values[i];
      if (typeof k === 'string' && typeof v === 'string') mirror.set(k, v);
    });
  } catch {
    // Private modes and old browsers may refuse IndexedDB: keep working from memory only.
    db = null;
  }
  let pending: Promise<void> = Promise.resolve();
  // Each write starts its transaction at once: IndexedDB runs read-write transactions on one store
  // in the order they were created, so order needs no chaining, and a write made while the page
  // is being hidden or reloaded (the persister's flush on pagehide) is created before the page
  // goes; chained behind a write still in flight it would start too late and be lost.
  const enqueue = (write: (d: IDBPDatabase) => Promise<unknown>) => {
    if (!db) return;
    const done = write(db).then(
      () => undefined,
      () => undefined,
    );
    pending = Promise.all([pending, done]).then(() => undefined);
  };
  return {
    getItem: (key) => mirror.get(key) ?? null,
    setItem: (key, value) => {
      mirror.set(key, value);
      enqueue((d) => d.put(STORE, value, key));
    },
    removeItem: (key) => {
      mirror.delete(key);
      enqueue((d) => d.delete(STORE, key));
    },
    flush: () => pending,
    clear: () => {
      mirror.clear();
      enqueue((d) => d.clear(STORE));
      return pending;
    },
  };
}
