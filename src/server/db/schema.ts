/**
 * Row types of the database, as Kysely sees them. They stay on the server: the app
 * only ever sees the shapes of `src/api`.
 */
import type { Generated, JSONColumnType } from 'kysely';

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
  settings: JSONColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface Database {
  app_meta: AppMetaTable;
  identities: IdentitiesTable;
  oidc_payloads: OidcPayloadsTable;
  users: UsersTable;
}
