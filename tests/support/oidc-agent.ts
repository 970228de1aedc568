/**
 * A browser stand-in for the OpenID flows in API tests: fetch with a cookie jar that follows
 * redirects by hand and stops at either a page (the issuer's sign-in, sign-up or sign-out page)
 * or the app's return address (whose fragment holds the answer).
 */
export interface FlowStop {
  /** The last response (a page, or the redirect to the app). */
  readonly status: number;
  readonly url: string;
  readonly html: string;
  /** Set when the flow reached `returnTo`: the fragment (or query) parameters. */
  readonly answer: URLSearchParams | null;
}

export interface OidcAgent {
  /** Starts a sign-in at the issuer's authorization endpoint (as the app, state `s`, nonce `n`). */
  authorize(opts: {
    redirectUri: string;
    clientId?: string;
    state?: string;
    nonce?: string;
    signUp?: boolean;
  }): Promise<FlowStop>;
  /** Posts a form (urlencoded) and follows the answer; `headers` go on the post only. */
  submit(url: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<FlowStop>;
  /** GETs a URL and follows the answer. */
  open(url: string): Promise<FlowStop>;
}

/** `issuerBase` is the issuer's origin + /oidc; `returnTo` are the app addresses that end a flow. */
export function oidcAgent(issuerBase: string, returnTo: readonly string[]): OidcAgent {
  const cookies = new Map<string, string>();
  const origin = new URL(issuerBase).origin;

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (new URL(url).origin === origin && cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }

  async function follow(first: Response, firstUrl: string): Promise<FlowStop> {
    let res = first;
    let url = firstUrl;
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        return { status: res.status, url, html: await res.text(), answer: null };
      }
      url = new URL(location, url).href;
      const target = new URL(url);
      if (returnTo.some((r) => url.startsWith(r))) {
        const params = target.hash ? target.hash.slice(1) : target.search.slice(1);
        return { status: res.status, url, html: '', answer: new URLSearchParams(params) };
      }
      res = await request(url);
    }
    throw new Error(`too many redirects, last ${url}`);
  }

  return {
    async authorize({ clientId = 'optionscout', redirectUri, state = 's', nonce = 'n', signUp }) {
      const url = new URL(`${issuerBase}/auth`);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'id_token',
        response_mode: 'fragment',
        scope: 'openid profile email',
        redirect_uri: redirectUri,
        state,
        nonce,
        ...(signUp ? { screen_hint: 'signup' } : {}),
      }).toString();
      return follow(await request(url.href), url.href);
    },
    async submit(url, fields, headers = {}) {
      const res = await request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      return follow(res, url);
    },
    async open(url) {
      return follow(await request(url), url);
    },
  };
}

/** The action of the page's first form, as an absolute URL. */
export function formAction(stop: FlowStop): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(stop.html)?.[1];
  if (!action) throw new Error(`no form on ${stop.url}:\n${stop.html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, '&'), stop.url).href;
}

/** The hidden inputs of the page's first form. */
export function hiddenFields(stop: FlowStop): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of stop.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1] ?? ''] = m[2] ?? '';
  }
  return fields;
}

/** The claims of a JWT (no signature check: the server under test does that). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
