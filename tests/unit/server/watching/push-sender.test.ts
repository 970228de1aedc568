/**
 * The push sender never rejects: a subscription whose key no message can be encrypted for (the
 * right shape, but no point of the curve) is as good as dropped, so the caller forgets it.
 */

import { expect, test } from 'vitest';
import webpush from 'web-push';
import { pushSender } from '#server/watching/push-sender.ts';

test('a key off the curve answers gone, without posting anything', async () => {
  const point = Buffer.alloc(65, 1);
  point[0] = 0x04;
  const send = pushSender(webpush.generateVAPIDKeys(), 'mailto:support@example.com');
  const subscription = {
    // Nothing listens here: a post would answer 'failed'.
    endpoint: 'http://127.0.0.1:9/push/nobody',
    p256dh: point.toString('base64url'),
    auth: Buffer.alloc(16, 2).toString('base64url'),
  };
  await expect(send(subscription, '{}')).resolves.toBe('gone');
});
