/**
 * Accounts of the embedded OpenID issuer: e-mail, password hash, first and last name. These
 * are the issuer's users; the app's users (`users/`) are created from the tokens it issues,
 * exactly as they would be from an external provider's.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentitiesTable } from '../db/schema.ts';

export type Identity = Selectable<IdentitiesTable>;

export interface NewIdentity {
  readonly email: string;
  readonly passwordHash: string | null;
  readonly givenName: string;
  readonly familyName: string;
}

export function identityByEmail(db: Kysely<Database>, email: string): Promise<Identity | undefined> {
  return db.selectFrom('identities').selectAll().where('email', '=', email).executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function identityById(db: Kysely<Database>, id: string): Promise<Identity | undefined> {
  // The column is a uuid: anything else cannot match and would be a type error in SQL.
  if (!UUID.test(id)) return Promise.resolve(undefined);
  return db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the account, or returns null when the address already has one. */
export async function insertIdentity(db: Kysely<Database>, identity: NewIdentity): Promise<Identity | null> {
  const row = await db
    .insertInto('identities')
    .values({
      email: identity.email,
      password_hash: identity.passwordHash,
      given_name: identity.givenName,
      family_name: identity.familyName,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The claims the issuer puts into id tokens (scopes profile and email). */
export function identityClaims(identity: Identity): { sub: string } & Record<string, string | boolean> {
  const name = `${identity.given_name} ${identity.family_name}`.trim();
  return {
    sub: identity.id,
    email: identity.email,
    // No mailbox check happens at sign-up, so the address is not claimed as verified.
    email_verified: false,
    name,
    given_name: identity.given_name,
    family_name: identity.family_name,
  };
}
