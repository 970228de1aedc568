/**
 * Reads and writes of the trade log's tables. Every read is scoped by the user id, so another
 * user's position or order is simply not found (404). Writes take a transaction and lock the
 * user's row first: one user's submits, closes and account changes then run one after another,
 * which keeps plan limits, client order ids and the one-close-per-position rule race free.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Contract } from '#domain/contracts/contract.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';
import type { Database, OrdersTable, PositionsTable } from '../db/schema.ts';

export type PositionRow = Selectable<PositionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type Db = Kysely<Database> | Transaction<Database>;

/** Locks the user's row until the transaction ends. */
export async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** A contract with its fields in the API's order (jsonb keeps keys in its own order). */
function canonicalContract(contract: Contract): Contract {
  if (contract.kind === 'stock') return { kind: 'stock', symbol: contract.symbol };
  const { underlying, right, expiration, strike } = contract;
  return { kind: 'option', underlying, right, expiration, strike };
}

/** The stored legs as domain order legs (the JSON is written only by this module). */
export function legsOf(order: Pick<OrderRow, 'legs'>): OrderLeg[] {
  return (order.legs as { contract: Contract; quantity: number; limitPrice: number }[]).map((leg) => ({
    contract: canonicalContract(leg.contract),
    quantity: leg.quantity,
    limitPrice: leg.limitPrice,
  }));
}

export function storedLegs(legs: readonly OrderLeg[]): string {
  return JSON.stringify(
    legs.map(({ contract, quantity, limitPrice }) => ({ contract, quantity, limitPrice })),
  );
}

export async function accountOf(db: Db, userId: number, accountId: number) {
  return db
    .selectFrom('trade_accounts')
    .select(['id', 'name'])
    .where('id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function orderOf(db: Db, userId: number, orderId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function orderByClientId(
  db: Db,
  userId: number,
  clientOrderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();
}

export async function positionOf(
  db: Db,
  userId: number,
  positionId: number,
  opts: { readonly forUpdate?: boolean } = {},
): Promise<PositionRow | undefined> {
  let query = db
    .selectFrom('positions')
    .selectAll()
    .where('id', '=', positionId)
    .where('user_id', '=', userId);
  if (opts.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Orders of the positions, oldest first, grouped by position id. */
export async function ordersByPosition(
  db: Db,
  positionIds: readonly number[],
): Promise<Map<number, OrderRow[]>> {
  const grouped = new Map<number, OrderRow[]>();
  if (positionIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('position_id', 'in', [...positionIds])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = grouped.get(row.position_id) ?? [];
    list.push(row);
    grouped.set(row.position_id, list);
  }
  return grouped;
}

export type PositionView = 'open' | 'closed' | 'archived';

export async function positionsInView(
  db: Db,
  userId: number,
  accountId: number,
  view: PositionView,
): Promise<PositionRow[]> {
  let query = db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId);
  if (view === 'archived') query = query.where('archived', '=', true);
  else {
    query = query.where('archived', '=', false);
    query = view === 'open' ? query.where('closed_at', 'is', null) : query.where('closed_at', 'is not', null);
  }
  return query.orderBy('opened_at', 'desc').orderBy('id', 'desc').execute();
}

export interface NewOrder {
  readonly positionId: number;
  readonly userId: number;
  readonly kind: OrderRow['kind'];
  readonly legs: readonly OrderLeg[];
  readonly size: number;
  readonly comment: string;
  readonly accountEffectCents: number;
  readonly clientOrderId: string | null;
  readonly createdAt: Date;
}

export async function insertOrder(trx: Transaction<Database>, order: NewOrder): Promise<OrderRow> {
  return trx
    .insertInto('orders')
    .values({
      position_id: order.positionId,
      user_id: order.userId,
      kind: order.kind,
      legs: storedLegs(order.legs),
      size: order.size,
      comment: order.comment,
      account_effect_cents: order.accountEffectCents,
      client_order_id: order.clientOrderId,
      created_at: order.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
