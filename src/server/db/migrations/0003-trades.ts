import { type Kysely, sql } from 'kysely';

/**
 * The trade log (docs/TRADES.md):
 * - `trade_accounts`: a user's virtual trading accounts, names unique per user ignoring case;
 * - `positions`: one per opened trade, with its account, strategy, size, open and close instants,
 *   and the figures fixed at the open (margin, max profit, the made trade's metrics);
 * - `orders`: the orders of a position (its opening order, then at most one closing order,
 *   placed by hand or by the expiry settlement), each with its legs and its account effect.
 * Money is integer cents (bigint). PostgreSQL 15 compatible.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trade_accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // 'IRA' and 'ira' are the same account name; the index makes that hold under races too.
  await sql`create unique index trade_accounts_user_name on trade_accounts (user_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('positions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('trade_accounts.id').onDelete('cascade'))
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 1`))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    // 'order' (closed by hand) or 'expiry' (settled by the expiry job); null while open.
    .addColumn('closed_by', 'text')
    .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(false))
    // 16:00 New York of the earliest option expiration; null for a stock-only position.
    .addColumn('expires_at', 'timestamptz')
    .addColumn('initial_margin_cents', 'bigint')
    .addColumn('max_profit_cents', 'bigint')
    .addColumn('made_trade', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex('positions_user_account')
    .on('positions')
    .columns(['user_id', 'account_id'])
    .execute();
  // The expiry job reads only the open positions that can expire.
  await sql`create index positions_open_expiring on positions (expires_at) where closed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('position_id', 'bigint', (c) => c.notNull().references('positions.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('open', 'close', 'settle')`))
    // [{ contract, quantity, limitPrice }]: the legs as filled, dollars per share.
    .addColumn('legs', 'jsonb', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 1`))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_effect_cents', 'bigint', (c) => c.notNull())
    .addColumn('client_order_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // A repeated submit finds its first answer; NULLs (orders the server placed) never collide.
    .addUniqueConstraint('orders_user_client_order', ['user_id', 'client_order_id'])
    .execute();
  await db.schema.createIndex('orders_position').on('orders').column('position_id').execute();
  // One opening order and at most one closing order per position: a second settlement of the
  // same position, or a close racing the settlement, fails here whatever the code above does.
  await sql`create unique index orders_one_open on orders (position_id) where kind = 'open'`.execute(db);
  await sql`create unique index orders_one_close on orders (position_id) where kind <> 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('positions').execute();
  await db.schema.dropTable('trade_accounts').execute();
}
