/**
 * Which push endpoints the server posts alerts to (docs/WATCHING.md, "Alerts on a device"). A
 * subscription's endpoint comes from the browser, so the server would otherwise post to any URL
 * a caller names: only the browsers' push services are allowed (https, a known host or one of
 * its subdomains where the entry starts with '.'), plus, in test mode, a fake service on the
 * loopback address over http.
 */
export function isAllowedPushEndpoint(
  endpoint: string,
  hosts: readonly string[],
  allowLoopback: boolean,
): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  if (allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}
