/**
 * A fake push service on the loopback address, as the browsers' push services answer the
 * server (RFC 8030): it records each message and answers 201, or what the test sets. A browser's
 * subscription to it comes with its own P-256 key and auth secret, so a test reads a message as
 * the browser would: decrypted (RFC 8291, aes128gcm), its VAPID header checked.
 *
 *   const push = await startPushService();
 *   const browser = push.subscription('phone');   // { endpoint, keys } as PushSubscription.toJSON()
 *   … the server sends …
 *   push.received[0]!.json()                       // the decrypted payload
 */
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface PushMessage {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  /** The payload as the browser reads it. */
  json(): unknown;
}

export interface FakeSubscription {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface PushService {
  readonly received: PushMessage[];
  /** The status the next messages get (201 by default; 410 says the subscription is gone). */
  answerWith(status: number): void;
  subscription(name: string): FakeSubscription;
  stop(): Promise<void>;
}

/** RFC 8291 with one aes128gcm record (RFC 8188). */
function decrypt(body: Buffer, ua: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ua.computeSecret(serverKey), auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding.
  return plain.subarray(0, plain.lastIndexOf(2));
}

export async function startPushService(): Promise<PushService> {
  const received: PushMessage[] = [];
  const browsers = new Map<string, { ua: ECDH; auth: Buffer }>();
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '';
      const browser = browsers.get(path);
      received.push({
        path,
        headers: req.headers,
        body,
        json: () => {
          if (!browser) throw new Error(`no subscription at ${path}`);
          return JSON.parse(decrypt(body, browser.ua, browser.auth).toString('utf8'));
        },
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    answerWith: (next) => {
      status = next;
    },
    subscription: (name) => {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${encodeURIComponent(name)}`;
      browsers.set(path, { ua, auth });
      return {
        endpoint: `http://127.0.0.1:${port}${path}`,
        expirationTime: null,
        keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
