/**
 * The scans a user watches (`scan_watches`, docs/WATCHING.md): each one's status as the API shows
 * it (true, or the error code of a failed watch) and how many the user watches, which the plan's
 * `maxWatchingScans` caps. A failed watch still counts until the user stops it.
 */
import type { ScanWatch } from '#api/screener-model.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import type { Db } from '../screener/scan-store.ts';
import type { SignedInUser } from '../users/users.ts';

/** Watched scan id → true, or the error code of a failed watch; scans not watched are absent. */
export async function watchStatuses(
  db: Db,
  userId: number,
  /** Only these scans (never none: `in ()` is no SQL). */
  scanIds?: readonly [number, ...number[]],
): Promise<Map<number, true | string>> {
  let query = db.selectFrom('scan_watches').select(['scan_id', 'error']).where('user_id', '=', userId);
  if (scanIds) query = query.where('scan_id', 'in', scanIds);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.scan_id, r.error ?? true]));
}

export async function watchedCount(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('scan_watches')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A scan's watch as the API answers it, with the plan's limit and the user's count. */
export function scanWatch(
  viewer: SignedInUser,
  status: true | string | undefined,
  usedCount: number,
): ScanWatch {
  return {
    status: status ?? false,
    maxCount: effectiveLimits(viewer.subscription).maxWatchingScans,
    usedCount,
  };
}

/** The underlying of a trade id (`engine/trade-rows.ts`: "AAPL260320C150×-1 AAPL260320C155×1"). */
function underlyingOfTrade(id: string): string | null {
  const first = id.split(' ')[0]?.split('×')[0] ?? '';
  try {
    const contract = parseContractId(first);
    return contract.kind === 'stock' ? contract.symbol : contract.underlying;
  } catch {
    return null;
  }
}

/**
 * The underlyings in the user's watched scans' top trades at their last check: the device
 * snapshot carries them, so a watched scan's names can be scanned on the device too.
 */
export async function watchedUnderlyings(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('scan_watches')
    .select('seen')
    .where('user_id', '=', userId)
    .where('error', 'is', null)
    .execute();
  const names = rows.flatMap((r) => (r.seen ?? []).map(underlyingOfTrade));
  return [...new Set(names.filter((n): n is string => n !== null))];
}
