/**
 * Password hashing with scrypt (memory-hard, built into Node: no native addon). The stored
 * string carries its parameters, `scrypt$N$r$p$salt$hash` (base64url), so they can be raised
 * later without invalidating existing hashes.
 * N = 2^16, r = 8: 64 MiB and roughly 0.1–0.3 s per hash on one core, which makes offline
 * guessing expensive while a sign-in stays quick.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 2 ** 16;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; allow twice that.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  // Parameters scrypt refuses (a damaged row) fail the check rather than the request.
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p)).catch(
    () => null,
  );
  return key !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing in particular, verified against when the e-mail is unknown, so "no such
 * account" takes as long as "wrong password" and does not tell which addresses exist.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('base64url'));
  return decoy;
}
