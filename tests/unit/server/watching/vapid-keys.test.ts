import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadVapidKeys } from '#server/watching/vapid-keys.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('generated once into the data folder, owner-only, and the same pair afterwards', () => {
  const dir = dataDir();
  const first = loadVapidKeys({ vapidKeys: null }, dir);
  // A P-256 point (65 bytes) and scalar (32 bytes), base64url.
  expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
  expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
  expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
  expect(loadVapidKeys({ vapidKeys: null }, dir)).toEqual(first);
});

test('the configured pair wins; a damaged file is an error, not a new pair', () => {
  const dir = dataDir();
  const configured = { publicKey: 'pub', privateKey: 'priv' };
  expect(loadVapidKeys({ vapidKeys: configured }, dir)).toBe(configured);
  writeFileSync(join(dir, 'vapid.json'), '{"publicKey": 1}');
  expect(() => loadVapidKeys({ vapidKeys: null }, dir)).toThrow(/vapid\.json/);
});
