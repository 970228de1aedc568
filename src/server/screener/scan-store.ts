/**
 * Reading and writing scans: the rows of `scans` with their tags, the caller's favourite mark
 * and watch, as the API's shapes. Every read is scoped to what the caller may see: their own scans
 * and the gallery's samples. Another user's scan is not found (404); a sample is READ_ONLY (422)
 * to anything but reading, copying and favouriting.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Scan, ScanSummary, ScanTag } from '#api/screener-model.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import type { Database, ScansTable } from '../db/schema.ts';
import type { SignedInUser } from '../users/users.ts';
import { scanWatch, watchStatuses } from '../watching/watch-store.ts';
import type { NormalizedScan } from './scan-definition.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type ScanRow = Selectable<ScansTable>;

export const SAMPLE_READ_ONLY_MESSAGE = 'Sample scans cannot be changed; duplicate the scan to edit it.';

/**
 * The stored definition of a row. The JSON is written only through `normalizeScan`; jsonb keeps
 * object keys in its own order, so each filter value gets its `type` first again.
 */
export function normalizedOf(row: ScanRow): NormalizedScan {
  const filters = Object.fromEntries(
    Object.entries(row.filters as Record<string, FilterValue>).map(([key, { type, ...fields }]) => [
      key,
      { type, ...fields } as FilterValue,
    ]),
  );
  return {
    strategy: row.strategy as ScreenerStrategyKey,
    filters,
    definition: row.definition,
  };
}

/** Newest first; ties (the gallery's seed) by id. */
const newestFirst = (a: ScanRow, b: ScanRow) =>
  b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/** A scan the caller may see (their own or a sample), or undefined. */
export async function visibleScan(db: Db, userId: number, id: number): Promise<ScanRow | undefined> {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .executeTakeFirst();
}

/** A scan the caller may change: 404 when it is not theirs, READ_ONLY for a sample. */
export async function ownScan(db: Db, userId: number, id: number): Promise<ScanRow> {
  const row = await visibleScan(db, userId, id);
  if (!row) throw notFound('Scan');
  if (row.user_id === null) throw new DomainError('READ_ONLY', { message: SAMPLE_READ_ONLY_MESSAGE });
  return row;
}

/** Every scan the caller may see: their own and the samples, newest first. */
export async function visibleScans(db: Db, userId: number): Promise<ScanRow[]> {
  const rows = await db
    .selectFrom('scans')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .execute();
  return rows.sort(newestFirst);
}

/** Tags of the given scans, by scan id, in tag order. */
async function tagsByScan(db: Db, scanIds: readonly number[]): Promise<Map<number, ScanTag[]>> {
  const byScan = new Map<number, ScanTag[]>();
  if (scanIds.length === 0) return byScan;
  const rows = await db
    .selectFrom('scan_tag_links as l')
    .innerJoin('scan_tags as t', 't.id', 'l.tag_id')
    .select(['l.scan_id', 't.id', 't.name', 't.position'])
    .where('l.scan_id', 'in', scanIds)
    .orderBy(sql`t.position asc nulls last`)
    .orderBy('t.id')
    .execute();
  for (const r of rows) {
    const list = byScan.get(r.scan_id) ?? [];
    list.push({ id: r.id, name: r.name, position: r.position });
    byScan.set(r.scan_id, list);
  }
  return byScan;
}

/** The ids of the scans the user marked as favourite. */
export async function favoriteIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('scan_favorites')
    .select('scan_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.scan_id));
}

/** Cards of the given rows, in their order, as `viewer` sees them. */
export async function summariesOf(
  db: Db,
  viewer: SignedInUser,
  rows: readonly ScanRow[],
  favorites?: ReadonlySet<number>,
): Promise<ScanSummary[]> {
  const tags = await tagsByScan(
    db,
    rows.map((r) => r.id),
  );
  const marked = favorites ?? (await favoriteIds(db, viewer.id));
  const watched = await watchStatuses(db, viewer.id);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    strategy: row.strategy as ScreenerStrategyKey,
    isSample: row.user_id === null,
    isFavorite: marked.has(row.id),
    listId: row.list_id,
    tags: tags.get(row.id) ?? [],
    createDate: row.created_at.toISOString(),
    watch: scanWatch(viewer, watched.get(row.id), watched.size),
  }));
}

/** The whole scan of a row, as `viewer` sees it. */
export async function scanOf(db: Db, viewer: SignedInUser, row: ScanRow): Promise<Scan> {
  const [summary] = await summariesOf(db, viewer, [row]);
  const { filters, definition } = normalizedOf(row);
  return {
    ...summary!,
    legs: definition.legs,
    ratio: definition.ratio,
    filters,
    sorting: definition.sorting,
    calculationSettings: definition.calculationSettings,
    columns: definition.columns,
    narrowedToSymbol: definition.narrowedToSymbol,
    page: 0,
    updateDate: row.updated_at.toISOString(),
  };
}

export interface NewScan {
  readonly userId: number | null;
  readonly sampleKey?: string;
  readonly listId: number;
  readonly title: string;
  readonly description: string;
  readonly scan: NormalizedScan;
  readonly createdAt?: Date;
}

export async function insertScan(db: Db, scan: NewScan): Promise<ScanRow> {
  return db
    .insertInto('scans')
    .values({
      user_id: scan.userId,
      sample_key: scan.sampleKey ?? null,
      list_id: scan.listId,
      title: scan.title,
      description: scan.description,
      strategy: scan.scan.strategy,
      definition: JSON.stringify(scan.scan.definition),
      filters: JSON.stringify(scan.scan.filters),
      ...(scan.createdAt ? { created_at: scan.createdAt, updated_at: scan.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's saved scans (samples not counted): the subscription's `scanCount`. */
export async function savedScanCount(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Gives `scanId` the tags of `fromScanId` (a copy keeps its source's tags). */
export async function copyTags(db: Db, fromScanId: number, scanId: number): Promise<void> {
  await db
    .insertInto('scan_tag_links')
    .columns(['scan_id', 'tag_id'])
    .expression((eb) =>
      eb
        .selectFrom('scan_tag_links')
        .select([sql<number>`${scanId}::bigint`.as('scan_id'), 'tag_id'])
        .where('scan_id', '=', fromScanId),
    )
    .execute();
}

/** Replaces the scan's tags; unknown tag ids are a 400 naming them. */
export async function setTags(db: Db, scanId: number, tagIds: readonly number[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length > 0) {
    const known = await db.selectFrom('scan_tags').select('id').where('id', 'in', unique).execute();
    const missing = unique.filter((id) => !known.some((k) => k.id === id));
    if (missing.length > 0) {
      throw new DomainError('VALIDATION_FAILED', {
        message: `Unknown tags: ${missing.join(', ')}`,
        details: { 'body.tagIds': `Unknown tags: ${missing.join(', ')}` },
      });
    }
  }
  await db.deleteFrom('scan_tag_links').where('scan_id', '=', scanId).execute();
  if (unique.length > 0) {
    await db
      .insertInto('scan_tag_links')
      .values(unique.map((tag_id) => ({ scan_id: scanId, tag_id })))
      .execute();
  }
}

/** Every tag, in checkbox order. */
export async function allTags(db: Db): Promise<ScanTag[]> {
  const rows = await db
    .selectFrom('scan_tags')
    .select(['id', 'name', 'position'])
    .orderBy(sql`position asc nulls last`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, position: r.position }));
}
