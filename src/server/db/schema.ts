/**
 * Row types of the database, as Kysely sees them. They stay on the server: the app
 * only ever sees the shapes of `src/api`.
 */
import type { Generated, JSONColumnType } from 'kysely';
import type { StoredDefinition } from '#server/screener/scan-definition.ts';

export interface AppMetaTable {
  key: string;
  value: JSONColumnType<object>;
  updated_at: Generated<Date>;
}

/** E-mail + password accounts of the embedded OpenID issuer. */
export interface IdentitiesTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  given_name: string;
  family_name: string;
  created_at: Generated<Date>;
}

/** The embedded issuer's state (sessions, grants, interactions), one row per model and id. */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/** The app's users: one per (issuer, sub), created on their first API call. */
export interface UsersTable {
  id: Generated<number>;
  guid: Generated<string>;
  issuer: string;
  sub: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  name: Generated<string>;
  created_at: Generated<Date>;
  /** SubscriptionStatus as stored; time moves it on read. */
  status: Generated<number>;
  plan_id: number | null;
  trial_ends_at: Date;
  /** End (exclusive) of the paid billing period. */
  period_end: Date | null;
  cancelled: Generated<boolean>;
  processor: string | null;
  signup_reported: Generated<boolean>;
  /** Start of the paid billing period. */
  period_start: Date | null;
  /** The processor's customer and subscription ids. */
  customer_id: string | null;
  subscription_id: string | null;
  /** The card on file as shown ('Visa •••• 4242'), never its number. */
  payment_method: string | null;
  /** A downgrade that takes effect at the next renewal. */
  pending_plan_id: number | null;
  cancel_reason_id: number | null;
  cancel_reason_text: string | null;
  cancelled_at: Date | null;
  /** When the current renewal first failed: the grace period runs from here. */
  payment_failed_at: Date | null;
  /** The newest processor event applied; older state events are ignored. */
  billing_event_at: Date | null;
  settings: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

/** One charge attempt: a purchase, a renewal or an upgrade (money in integer cents). */
export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  processor: string;
  external_id: string;
  plan_id: number;
  reason: 'purchase' | 'renewal' | 'upgrade';
  period_start: Date;
  period_end: Date;
  subtotal_cents: number;
  discount_cents: Generated<number>;
  credit_cents: Generated<number>;
  total_cents: number;
  status: 'paid' | 'failed' | 'refunded';
  refunded_cents: Generated<number>;
  created_at: Date;
}

/** Every movement of money, integer cents (credits and refunds positive; the kind says which way). */
export interface BillingLedgerTable {
  id: Generated<number>;
  user_id: number;
  invoice_id: number | null;
  kind: 'charge' | 'proration_credit' | 'discount' | 'refund';
  amount_cents: number;
  created_at: Date;
}

/** Processor events already applied (idempotency by event id). */
export interface BillingEventsTable {
  processor: string;
  event_id: string;
  type: string;
  received_at: Generated<Date>;
}

/** The answers of writes sent with an Idempotency-Key, per user, kept 24 hours. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  path: string;
  status: number;
  body: string | null;
  created_at: Generated<Date>;
}

/** Each user's spreadsheet add-in token, as its SHA-256 (hex) only. */
export interface AddinTokensTable {
  user_id: number;
  token_sha256: string;
  created_at: Date;
  /** Updated at most once a minute; null before the first use. */
  last_used_at: Date | null;
}

/** E-mails the lifecycle job sent, once per (user, kind, ref). */
export interface SentNoticesTable {
  user_id: number;
  kind: string;
  ref: string;
  sent_at: Generated<Date>;
}

/** An operator's promotion on a plan. */
export interface PlanPromotionsTable {
  plan_id: number;
  new_monthly_price_cents: number;
  coupon_code: string | null;
  banner: string | null;
  updated_at: Generated<Date>;
}

/** Users who deleted their account: tokens issued before `deleted_at` are refused. */
export interface DeletedAccountsTable {
  issuer: string;
  sub: string;
  deleted_at: Generated<Date>;
}

/** When each address's trial ends, by SHA-256 of the lower-cased address (kept past deletion). */
export interface UsedTrialsTable {
  email_sha256: string;
  trial_ends_at: Date;
}

/** A user's virtual trading accounts (trade log). */
export interface TradeAccountsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: Generated<Date>;
}

/** One opened trade of the trade log; money in integer cents. */
export interface PositionsTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  strategy: string;
  symbol: string;
  size: number;
  opened_at: Date;
  closed_at: Date | null;
  closed_by: 'order' | 'expiry' | null;
  archived: Generated<boolean>;
  /** 16:00 New York of the earliest option expiration; null for stock only. */
  expires_at: Date | null;
  initial_margin_cents: number | null;
  max_profit_cents: number | null;
  made_trade: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

/** Orders of a position: its opening order and at most one closing (or settlement) order. */
export interface OrdersTable {
  id: Generated<number>;
  position_id: number;
  user_id: number;
  kind: 'open' | 'close' | 'settle';
  /** [{ contract, quantity, limitPrice }], dollars per share. */
  legs: JSONColumnType<unknown[], string, string>;
  size: number;
  comment: Generated<string>;
  account_effect_cents: number;
  client_order_id: string | null;
  created_at: Date;
}

/** Scan lists: Saved (1) and Favorites (3) per user, the shared Predefined list (2), custom lists (null). */
export interface ScanListsTable {
  id: Generated<number>;
  user_id: number | null;
  role: 1 | 2 | 3 | null;
  name: string;
  created_at: Generated<Date>;
}

/** Saved scans of users, and the gallery's samples (`user_id` null, `sample_key` set). */
export interface ScansTable {
  id: Generated<number>;
  user_id: number | null;
  sample_key: string | null;
  list_id: number;
  title: string;
  description: Generated<string>;
  strategy: string;
  /** { legs, ratio, sorting, calculationSettings, columns, narrowedToSymbol }. */
  definition: JSONColumnType<StoredDefinition, string, string>;
  /** Filter key → tagged value. */
  filters: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ScanTagsTable {
  id: Generated<number>;
  key: string;
  name: string;
  position: number | null;
}

export interface ScanTagLinksTable {
  scan_id: number;
  tag_id: number;
}

export interface ScanWatchesTable {
  user_id: number;
  scan_id: number;
  /** The error code of a failed watch (WATCHING_TOO_EXPENSIVE); null while it is checked. */
  error: string | null;
  /** Trade ids of the top results at the last check (JSON array); null before the first. */
  seen: JSONColumnType<string[] | null, string | null, string | null>;
  checked_at: Date | null;
  alerted_at: Date | null;
  created_at: Generated<Date>;
}

export interface PushSubscriptionsTable {
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

export interface ReportSubscriptionsTable {
  user_id: number;
  report: string;
  /** The chosen frequencies (JSON array of ReportFrequency). */
  frequencies: JSONColumnType<string[], string, string>;
}

/** Each report e-mailed to a user for a period, so a period reaches each recipient once. */
export interface ReportSendsTable {
  user_id: number;
  report: string;
  /** The period the send was for: its session day, with a mark for weekend and intraday sends. */
  period: string;
  sent_at: Generated<Date>;
}

export interface ScanFavoritesTable {
  user_id: number;
  scan_id: number;
  created_at: Generated<Date>;
}

/** Symbol lists used as a scan filter: a user's, or predefined (`user_id` null, `key` set). */
export interface UniversesTable {
  id: Generated<number>;
  user_id: number | null;
  key: string | null;
  name: string;
  symbols: JSONColumnType<string[], string | undefined, string>;
  created_at: Generated<Date>;
}

export interface Database {
  app_meta: AppMetaTable;
  identities: IdentitiesTable;
  oidc_payloads: OidcPayloadsTable;
  users: UsersTable;
  trade_accounts: TradeAccountsTable;
  positions: PositionsTable;
  orders: OrdersTable;
  scan_lists: ScanListsTable;
  scans: ScansTable;
  scan_tags: ScanTagsTable;
  scan_tag_links: ScanTagLinksTable;
  scan_favorites: ScanFavoritesTable;
  scan_watches: ScanWatchesTable;
  push_subscriptions: PushSubscriptionsTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_sends: ReportSendsTable;
  universes: UniversesTable;
  deleted_accounts: DeletedAccountsTable;
  used_trials: UsedTrialsTable;
  invoices: InvoicesTable;
  billing_ledger: BillingLedgerTable;
  billing_events: BillingEventsTable;
  sent_notices: SentNoticesTable;
  plan_promotions: PlanPromotionsTable;
  idempotency_keys: IdempotencyKeysTable;
  addin_tokens: AddinTokensTable;
}
