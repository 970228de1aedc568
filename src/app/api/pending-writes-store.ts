/**
 * The pending writes' own IndexedDB database: every write the app has not yet had answered,
 * by user. Apart from the query cache on purpose: a new app version drops that cache (its
 * shapes may have changed), and a write must outlive any version change. So this database has
 * its own name and schema version, and each record carries its own record version: a build
 * reads every record version an older build wrote (`upgradeRecord`) and leaves alone one a
 * newer build wrote (after a rollback), unsent and undeleted.
 *
 * A record names the contract call and its parts (params, query, body), never a filled path or
 * a function: a newer build rebuilds the request from its own contract map.
 */
import { type IDBPDatabase, openDB } from 'idb';
import type { CallParts } from '#api/contract/filled-path.ts';

export const WRITES_DB_NAME = 'optionscout-writes';
/** The database's schema version (object stores, indexes); records have their own. */
const SCHEMA_VERSION = 1;
const STORE = 'writes';
/** The record version this build writes. */
export const RECORD_VERSION = 1;

/** queued: to send; waitingSignIn: the server refused the token; refused: refused for good. */
export type PendingState = 'queued' | 'waitingSignIn' | 'refused';

export interface PendingWrite {
  readonly recordVersion: typeof RECORD_VERSION;
  /** Client-generated, sent as the Idempotency-Key header: a repeat is answered, not redone. */
  readonly id: string;
  /** The token's subject: a user's writes go out under that user's token only. */
  readonly user: string;
  /** Send order: writes go out in the order they were made. */
  readonly seq: number;
  /** The contract call's name (`trades.archive`) and its parts. */
  readonly call: string;
  readonly parts: CallParts;
  /** What the answer changes, for the feature that made the write (`lists`, `accounts` …). */
  readonly refresh: string;
  /** What the screens show while it waits (`Archive AAPL`). */
  readonly label: string;
  readonly state: PendingState;
  /** The server's reason when refused. */
  readonly reason: string | null;
  readonly attempts: number;
}

/** A record as some build wrote it: read through `upgradeRecord`. */
export type StoredRecord = PendingWrite | { readonly recordVersion: number };

const isCurrent = (raw: StoredRecord): raw is PendingWrite => raw.recordVersion === RECORD_VERSION;

/**
 * Reads a record of any known version as this build's, or null for a version this build does
 * not know (a newer build's: left in the store for it). Version 1 is the first; a later
 * version adds its step here, from the previous version, so every older record still replays.
 */
export function upgradeRecord(raw: StoredRecord): PendingWrite | null {
  return isCurrent(raw) ? raw : null;
}

export interface PendingWritesStore {
  /** The user's writes in send order, upgraded; records of unknown versions are skipped. */
  list(user: string): Promise<PendingWrite[]>;
  put(write: PendingWrite): Promise<void>;
  remove(id: string): Promise<void>;
  /** Removes every record of the user (sign-out). */
  removeUser(user: string): Promise<void>;
}

export async function openPendingWritesStore(dbName = WRITES_DB_NAME): Promise<PendingWritesStore> {
  const db: IDBPDatabase = await openDB(dbName, SCHEMA_VERSION, {
    upgrade: (d, oldVersion) => {
      // Each schema step runs once, from the version the device has: old databases are migrated.
      if (oldVersion < 1) d.createObjectStore(STORE, { keyPath: 'id' }).createIndex('user', 'user');
    },
  });
  const ofUser = async (user: string): Promise<StoredRecord[]> =>
    (await db.getAllFromIndex(STORE, 'user', user)) as StoredRecord[];
  return {
    list: async (user) =>
      (await ofUser(user))
        .map(upgradeRecord)
        .filter((w): w is PendingWrite => w !== null)
        .sort((a, b) => a.seq - b.seq),
    put: async (write) => void (await db.put(STORE, write)),
    remove: (id) => db.delete(STORE, id),
    removeUser: async (user) => {
      const tx = db.transaction(STORE, 'readwrite');
      for (const key of await tx.store.index('user').getAllKeys(user)) await tx.store.delete(key);
      await tx.done;
    },
  };
}
