/**
 * Scan lists (spec 2 §2.1, §3.4): each user has a Saved (role 1) and a Favorites (role 3) list,
 * made on first use; the Predefined list (role 2) is shared and holds the gallery; custom lists
 * (no role) are the user's own. A scan lives in one list (Saved, a custom list, or Predefined for
 * samples); Favorites holds the scans the user marked, wherever they live. Only custom lists can
 * be renamed or deleted; deleting one moves its scans back to Saved.
 */
import { sql } from 'kysely';
import {
  LIST_ROLE_NAMES,
  ListRole,
  type SavedList,
  type ScanList,
  type ScanSummary,
  type ScanTag,
} from '#api/screener-model.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import type { SignedInUser } from '../users/users.ts';
import { type Db, favoriteIds, summariesOf, visibleScans } from './scan-store.ts';

export interface RoleListIds {
  readonly saved: number;
  readonly favorites: number;
}

export const LIST_READ_ONLY_MESSAGE = 'Only your own lists can be renamed or deleted.';

/** The user's Saved and Favorites list ids, creating the lists on first use. */
export async function roleListIds(db: Db, userId: number): Promise<RoleListIds> {
  const find = () =>
    db
      .selectFrom('scan_lists')
      .select(['id', 'role'])
      .where('user_id', '=', userId)
      .where('role', 'in', [ListRole.Saved, ListRole.Favorites])
      .execute();
  let rows = await find();
  if (rows.length < 2) {
    // Concurrent first calls meet at the unique (user, role) index; one insert wins.
    await sql`insert into scan_lists (user_id, role, name) values
      (${userId}, ${ListRole.Saved}, ${LIST_ROLE_NAMES[ListRole.Saved]}),
      (${userId}, ${ListRole.Favorites}, ${LIST_ROLE_NAMES[ListRole.Favorites]})
      on conflict do nothing`.execute(db);
    rows = await find();
  }
  const idOf = (role: ListRole) => {
    const row = rows.find((r) => r.role === role);
    if (!row) throw new Error(`scan list of role ${role} missing for user ${userId}`);
    return row.id;
  };
  return { saved: idOf(ListRole.Saved), favorites: idOf(ListRole.Favorites) };
}

/** The shared Predefined list (made by the gallery's seed). */
export async function predefinedListId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('scan_lists')
    .select('id')
    .where('user_id', 'is', null)
    .where('role', '=', ListRole.Predefined)
    .executeTakeFirst();
  if (!row) throw new Error('the Predefined scan list is missing: the gallery was not seeded');
  return row.id;
}

/** Tags of the given cards, each once, in tag order. */
function tagsOf(items: readonly ScanSummary[]): ScanTag[] {
  const byId = new Map<number, ScanTag>();
  for (const item of items) for (const tag of item.tags) byId.set(tag.id, tag);
  return [...byId.values()].sort(
    (a, b) =>
      (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
  );
}

/**
 * The lists as the All Scans page shows them: Saved, Favorites, the custom lists (oldest first,
 * when asked for), Predefined last; each with its scans newest first and its scans' tags.
 */
export async function listsFor(db: Db, user: SignedInUser, includeCustom: boolean): Promise<ScanList[]> {
  const roles = await roleListIds(db, user.id);
  const predefined = await predefinedListId(db);
  const lists = await db
    .selectFrom('scan_lists')
    .select(['id', 'name', 'role'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const favorites = await favoriteIds(db, user.id);
  const rows = await visibleScans(db, user.id);
  const cards = await summariesOf(db, user, rows, favorites);
  const list = (listId: number, name: string, role: ListRole | null, items: ScanSummary[]): ScanList => ({
    listId,
    name,
    role,
    items,
    tags: tagsOf(items),
  });
  const inList = (listId: number) => cards.filter((c) => c.listId === listId);
  const custom = lists.filter((l) => l.role === null);
  return [
    list(roles.saved, LIST_ROLE_NAMES[ListRole.Saved], ListRole.Saved, inList(roles.saved)),
    list(
      roles.favorites,
      LIST_ROLE_NAMES[ListRole.Favorites],
      ListRole.Favorites,
      cards.filter((c) => c.isFavorite),
    ),
    ...(includeCustom ? custom.map((l) => list(l.id, l.name, null, inList(l.id))) : []),
    list(predefined, LIST_ROLE_NAMES[ListRole.Predefined], ListRole.Predefined, inList(predefined)),
  ];
}

/** LIST_EMPTY_NAME for a blank name, LIST_DUPLICATE_NAME for a name the user's lists have. */
async function checkedName(db: Db, userId: number, raw: string, exceptId: number | null): Promise<string> {
  const name = raw.trim();
  if (name === '') throw new DomainError('LIST_EMPTY_NAME');
  const fixed = Object.values(LIST_ROLE_NAMES).some((n) => n.toLowerCase() === name.toLowerCase());
  let query = db
    .selectFrom('scan_lists')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (fixed || (await query.executeTakeFirst())) throw new DomainError('LIST_DUPLICATE_NAME');
  return name;
}

export async function createList(db: Db, userId: number, rawName: string): Promise<SavedList> {
  // The fixed lists first, so their names are taken before any custom list is named.
  await roleListIds(db, userId);
  const name = await checkedName(db, userId, rawName, null);
  const row = await db
    .insertInto('scan_lists')
    .values({ user_id: userId, role: null, name })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { listId: row.id, name: row.name, role: null };
}

/** A custom list of the user: 404 when it is not theirs, READ_ONLY for a fixed list. */
export async function customList(
  db: Db,
  userId: number,
  listId: number,
): Promise<{ id: number; name: string }> {
  const row = await db
    .selectFrom('scan_lists')
    .select(['id', 'name', 'role', 'user_id'])
    .where('id', '=', listId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .executeTakeFirst();
  if (!row) throw notFound('List');
  if (row.role !== null) throw new DomainError('READ_ONLY', { message: LIST_READ_ONLY_MESSAGE });
  return row;
}

export async function renameList(
  db: Db,
  userId: number,
  listId: number,
  rawName: string,
): Promise<SavedList> {
  await customList(db, userId, listId);
  const name = await checkedName(db, userId, rawName, listId);
  await db.updateTable('scan_lists').set({ name }).where('id', '=', listId).execute();
  return { listId, name, role: null };
}

/** Deletes a custom list; its scans go back to Saved (call inside a transaction). */
export async function deleteList(db: Db, userId: number, listId: number): Promise<void> {
  await customList(db, userId, listId);
  const { saved } = await roleListIds(db, userId);
  await db
    .updateTable('scans')
    .set({ list_id: saved })
    .where('list_id', '=', listId)
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('scan_lists').where('id', '=', listId).execute();
}

/**
 * The list a scan may move to: the user's Saved list or one of their custom lists. Favorites is
 * a mark, not a home (PUT /scans/{id}/favorite); Predefined holds only samples.
 */
export async function moveTarget(db: Db, userId: number, listId: number): Promise<number> {
  const row = await db
    .selectFrom('scan_lists')
    .select(['id', 'role'])
    .where('id', '=', listId)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .executeTakeFirst();
  if (!row) throw notFound('List');
  if (row.role !== null && row.role !== ListRole.Saved) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'A scan can move only to Saved Scans or one of your lists.',
      details: { 'body.listId': 'A scan can move only to Saved Scans or one of your lists.' },
    });
  }
  return row.id;
}
