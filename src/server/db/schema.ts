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

export interface Database {
  app_meta: AppMetaTable;
}
