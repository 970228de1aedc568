/**
 * The server's VAPID key pair, which signs every push message (docs/WATCHING.md): from
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or generated on first start into `DATA_DIR/vapid.json`
 * (owner-only, like the issuer's signing keys) and read from there afterwards. A new pair would
 * void every browser's subscription, so the file is never rewritten once it exists.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { WatchConfig } from '../config.ts';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

const isKeys = (v: unknown): v is VapidKeys =>
  typeof (v as VapidKeys | null)?.publicKey === 'string' &&
  typeof (v as VapidKeys | null)?.privateKey === 'string';

export function loadVapidKeys(config: Pick<WatchConfig, 'vapidKeys'>, dataDir: string): VapidKeys {
  if (config.vapidKeys) return config.vapidKeys;
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isKeys(stored))
      throw new Error(`${file} does not hold a VAPID key pair; remove it to make a new one`);
    return stored;
  }
  const keys = webpush.generateVAPIDKeys();
  // 'wx': two servers starting on one DATA_DIR cannot both write a pair.
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}
