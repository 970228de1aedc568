/**
 * The device snapshot kept in IndexedDB (docs/OFFLINE.md, "Scans on the device"): the last one
 * fetched, as the server encoded it, with when it was fetched and which names it was asked for.
 * Its own database: megabytes that the query cache's mirror (read into memory at start) must
 * not carry. Market data, not the user's: it survives sign-out, and a new user's first refresh
 * replaces it.
 */
import { openDB } from 'idb';

const DB_NAME = 'optionscout-market';
const STORE = 'snapshot';
const KEY = 'device';

export interface KeptSnapshot {
  /** The encoded snapshot (`#engine/device-snapshot.ts`). */
  readonly bytes: ArrayBuffer;
  /** The market instant it holds (epoch ms). */
  readonly asOfMs: number;
  /** When it was fetched (epoch ms). */
  readonly fetchedAt: number;
  /** The names asked for (comma-separated), or '' for the server's default names. */
  readonly asked: string;
}

const database = () => openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) });

export async function readSnapshot(): Promise<KeptSnapshot | null> {
  const db = await database();
  try {
    return ((await db.get(STORE, KEY)) as KeptSnapshot | undefined) ?? null;
  } finally {
    db.close();
  }
}

export async function keepSnapshot(snapshot: KeptSnapshot): Promise<void> {
  const db = await database();
  try {
    await db.put(STORE, snapshot, KEY);
  } finally {
    db.close();
  }
}
