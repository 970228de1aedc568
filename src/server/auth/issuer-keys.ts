/**
 * The embedded issuer's secrets: the RS256 key pair that signs id tokens and the keys that
 * sign its cookies. Generated into `DATA_DIR/issuer-keys.json` (mode 0600) on first start and
 * reused, so tokens and sessions stay valid across restarts. Rotation: add a key at the front
 * of `jwks.keys` (the first signs, all verify) and restart.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface IssuerKeys {
  /** Private signing keys (JWK with `kid`, `alg`, `use`). */
  readonly jwks: { keys: JWK[] };
  /** Keygrip keys for the issuer's signed cookies. */
  readonly cookieKeys: string[];
}

export const ISSUER_KEYS_FILE = 'issuer-keys.json';
export const SIGNING_ALG = 'RS256';

async function createKeys(): Promise<IssuerKeys> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), alg: SIGNING_ALG, use: 'sig' };
  jwk.kid = await calculateJwkThumbprint(jwk);
  return { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}

function isIssuerKeys(value: unknown): value is IssuerKeys {
  const v = value as Partial<IssuerKeys> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.jwks?.keys) &&
    v.jwks.keys.length > 0 &&
    Array.isArray(v.cookieKeys) &&
    v.cookieKeys.length > 0
  );
}

/**
 * Reads the keys, creating them on first use. The file is written exclusively (`wx`), so a
 * server and an operator command starting together cannot end up with two different keys.
 */
export async function loadIssuerKeys(dataDir: string): Promise<IssuerKeys> {
  const file = join(dataDir, ISSUER_KEYS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const keys = await createKeys();
    try {
      writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  // Also tightens a file someone copied in with looser permissions.
  chmodSync(file, 0o600);
  const keys: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isIssuerKeys(keys)) throw new Error(`${file} is not a valid issuer key file`);
  return keys;
}

/** The public half of the signing keys, for verifying tokens in-process. */
export function publicJwks(keys: IssuerKeys): { keys: JWK[] } {
  return {
    keys: keys.jwks.keys.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub }) => pub),
  };
}
