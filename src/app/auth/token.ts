/**
 * The stored identity token. localStorage so a reload or an installed PWA keeps the
 * session; the token is short-lived and the API checks it on every call.
 */
const KEY = 'access_token';

export function storedToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(KEY, token);
  else localStorage.removeItem(KEY);
}
