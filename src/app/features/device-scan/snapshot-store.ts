/**
 * The device snapshot kept in IndexedDB (docs/OFFLINE.md, "Scans on the device"): the last one
 * fetched, as the server encoded it, and apart from it what it is (its market instant, when it was
 * fetched, which names it was asked for), so a scan reads the megabytes only when the scan worker
 * does not hold them yet.
 * Its own database: megabytes that the query cache's mirror (read into memory at start) must
 * not carry. Market data, not the user's: it survives sign-out, and a new user's first refresh
 * replaces it.
 */
import { openDB } from 'idb';

const DB_NAME = 'optionscout-market';
const STORE = 'snapshot';
const BYTES = 'device';
const ABOUT = 'device-about';

/** What the kept snapshot is. */
export interface SnapshotAbout {
  /** The market instant it holds (epoch ms). */
  readonly asOfMs: number;
  /** When it was fetched (epoch ms). */
  readonly fetchedAt: number;
  /** The names asked for (comma-separated), or '' for the server's default names. */
  readonly asked: string;
}

export interface KeptSnapshot extends SnapshotAbout {
  /** The encoded snapshot (`#engine/device-snapshot.ts`). */
  readonly bytes: ArrayBuffer;
}

const database = () => openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) });

async function read<T>(key: string): Promise<T | null> {
  const db = await database();
  try {
    return ((await db.get(STORE, key)) as T | undefined) ?? null;
  } finally {
    db.close();
  }
}

export const readSnapshotAbout = (): Promise<SnapshotAbout | null> => read<SnapshotAbout>(ABOUT);

/** The kept snapshot's bytes, when they are still those `about` describes (a refresh may have run). */
export async function readSnapshotBytes(about: SnapshotAbout): Promise<ArrayBuffer | null> {
  const kept = await read<KeptSnapshot>(BYTES);
  return kept?.fetchedAt === about.fetchedAt ? kept.bytes : null;
}

export async function keepSnapshot(snapshot: KeptSnapshot): Promise<void> {
  const { bytes: _bytes, ...about } = snapshot;
  const db = await database();
  try {
    const tx = db.transaction(STORE, 'readwrite');
    await Promise.all([tx.store.put(snapshot, BYTES), tx.store.put(about, ABOUT), tx.done]);
  } finally {
    db.close();
  }
}
