/**
 * Headers helmet does not set the way this app needs (docs/SECURITY.md):
 * - `Strict-Transport-Security` only on https requests (behind a TLS proxy, with TRUST_PROXY,
 *   the scheme comes from X-Forwarded-Proto);
 * - `Permissions-Policy` switching off the powerful features the app never uses.
 */
import type { FastifyInstance } from 'fastify';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Features the app does not use; Web Push needs none of them (notifications are not listed). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
