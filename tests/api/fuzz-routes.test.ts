/**
 * Bad input never gives a 500, on any route. Every route the server registered (its route
 * table, so a route added later is fuzzed without being listed here) gets a bounded, seeded set
 * of malformed path parameters, query strings and bodies, with a valid bearer token and without
 * one (routes that need a token get only the first few probes of each kind then: they answer
 * 401 before reading anything). A valid body of each call is also sent with every field, at any
 * depth, replaced by odd values. Any 5xx fails, and so does a 4xx whose body is not a catalogue
 * code with its status; the sign-in and sign-up form routes may answer their 4xx as an HTML page
 * instead. HEAD answers carry no body, so only their status is checked. Each failure is listed
 * with what was sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isApiError } from '#api/errors.ts';
import { API_BASE, OIDC_BASE } from '#api/paths.ts';
import type { OrderLeg } from '#api/trades.ts';
import { isErrorCode } from '#domain/errors.ts';
import { errorStatus } from '#server/http/error-status.ts';
import type { RouteEntry } from '#server/http/route-table.ts';
import { moveClock, signedIn } from '../support/auth.ts';
import { type InProcessTestServer, startTestServer } from '../support/test-server.ts';
import { bullCallSpread, createAccount, lastPrice, optionChain, TEST_MARKET } from '../support/trades.ts';

const SEED = 20_261_127;
const REQUEST_TIMEOUT_MS = 10_000;

/** Values every `:param` of a path takes in turn (already percent-encoded where needed). */
const PATH_VALUES = [
  '1',
  'SPY',
  'open',
  'thinkorswim',
  '0',
  '-1',
  '0x10',
  '%201',
  '1%20',
  '00001',
  '+1',
  '1e3',
  '1.5',
  '9007199254740993',
  '99999999999999999999999',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ff',
  '%F0%9F%98%80',
  'a'.repeat(101),
  '..%2Fx',
  '%2F',
  '%22%27%3C',
  '%25',
  '__proto__',
  'constructor',
];

const QUERIES = [
  '',
  '?unknown=1',
  '?accountId=0x10',
  '?accountId=%201',
  '?accountId=%00',
  '?accountId=1&accountId=2',
  '?accountId[a]=1',
  '?accountId=9007199254740993',
  '?accountId=1&strategy=%ED%A0%80',
  '?strategy=iron_condor&accountId=-1',
  '?%00=1',
  '?includeCustomLists=%ff',
  '?delta=1e400&dte=-1&right=%00',
  '?view=signup&view=signin',
  '?__proto__[x]=1',
  `?q=${'x'.repeat(4000)}`,
];

interface Body {
  readonly type: string;
  readonly text: string;
}

const json = (value: unknown): Body => ({ type: 'application/json', text: JSON.stringify(value) });
const raw = (text: string, type = 'application/json'): Body => ({ type, text });

/** Bodies no client of ours sends. */
const FIXED_BODIES: Body[] = [
  raw(''),
  raw('{'),
  raw('{"a": 1,}'),
  raw('null'),
  raw('[]'),
  raw('0'),
  raw('"text"'),
  raw('true'),
  raw('{}'),
  raw('1e400'),
  raw('{"__proto__": {"polluted": 1}}'),
  raw('{"constructor": {"prototype": {"polluted": 1}}}'),
  raw(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  raw(`{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`),
  raw('"\\ud800"'),
  raw('{"name": "a\\u0000b"}'),
  raw('x', 'text/plain'),
  raw('a=1&name=%00', 'application/x-www-form-urlencoded'),
  raw('--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'),
  raw('{}', 'application/json; charset=utf-16'),
  raw('\u0000\u0001', 'application/octet-stream'),
];

/**
 * Valid bodies of the API's calls (the orders with legs the test market lists). A template a
 * route takes (answers 2xx) then gets every odd value in each of its fields.
 */
function templates(legs: readonly OrderLeg[]): Record<string, unknown>[] {
  const order = { strategy: 'bull_call_spread', legs, size: 1 };
  return [
    { name: 'Fuzz' },
    { name: 'Fuzz', symbols: 'SPY, KO' },
    // No client order id: a repeated one would answer the first order instead of checking.
    { legs, size: 1, comment: '' },
    { ...order, asofOrderId: null },
    { ...order, comment: '', closing: false },
    { title: 'Fuzz', description: '' },
    { title: 'Fuzz', listId: 1, tagIds: [1] },
    { strategy: 'long_call', page: 0, cacheId: 'abcdefgh' },
    { contractIds: ['SPY'], fields: ['stock_last'] },
    { scannerSorting: { sortBy: 'title', onlyWatched: false, collapsedListIds: [1] }, analyzeTab: 'stock' },
    { message: 'boom', url: 'http://x/', appBuild: '1' },
    { offsetDays: 1 },
    { email: 'a@example.com', password: 'password1', given_name: 'A', family_name: 'B' },
  ];
}

const ODD_VALUES: unknown[] = [
  null,
  '',
  'a\u0000b',
  '\udc00x',
  -1,
  1.5,
  2 ** 31,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  'x'.repeat(10_001),
  [],
  { a: 1 },
];

/** Bodies made of the API's field names holding arbitrary values, from a fixed seed. */
const FIELD_NAMES = [
  ...new Set(templates([]).flatMap((t) => Object.keys(t))),
  'contract',
  'quantity',
  'limitPrice',
  'kind',
  'underlying',
  'right',
  'expiration',
  'strike',
  'trades',
  'appearance',
  'columnKeys',
  'sorting',
  'grouping',
  'mode',
  'filters',
  'columns',
  'universe',
];
const GENERATED_BODIES: Body[] = fc
  .sample(
    fc.dictionary(
      fc.constantFrom(...FIELD_NAMES),
      fc.anything({
        maxDepth: 3,
        key: fc.constantFrom(...FIELD_NAMES),
        withNullPrototype: false,
        stringUnit: 'binary',
        values: [
          fc.string({ unit: 'binary', maxLength: 20 }),
          fc.double(),
          fc.integer(),
          fc.constantFrom(...ODD_VALUES),
        ],
      }),
      { maxKeys: 6 },
    ),
    { seed: SEED, numRuns: 16 },
  )
  .map(json);

const BODIES = [...FIXED_BODIES, ...GENERATED_BODIES];

/** Header sets of the unauthenticated pass: none, and tokens that are not tokens. */
const NO_TOKEN: Record<string, string>[] = [
  {},
  { authorization: 'Bearer' },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic Zm9vOmJhcg==' },
];

/** 'form': the sign-in forms and the test store's pages, which may answer bad input with a page. */
type Kind = 'api' | 'form' | 'other';
const kindOf = (route: RouteEntry): Kind =>
  route.url.startsWith(`${API_BASE}/`)
    ? 'api'
    : route.url.startsWith(`${OIDC_BASE}/interaction/`) || route.url.startsWith('/store/')
      ? 'form'
      : 'other';

/** Public API routes and the forms: the unauthenticated pass gives them every probe too. */
const reachableWithoutToken = (route: RouteEntry): boolean =>
  kindOf(route) === 'form' || (route.config as { access?: string } | undefined)?.access === 'public';

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly body?: Body;
  /** The body's odd field, for the report. */
  readonly note?: string;
}

const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** The fixed probes of a route: every path value, every query, every body (a few of each when `few`). */
function probesFor(route: RouteEntry, few: boolean): Probe[] {
  const { method, url } = route;
  const paths = url.includes(':') ? PATH_VALUES.map((v) => fill(url, v)) : [url];
  const base = fill(url, '1');
  const pick = <T>(list: readonly T[]) => (few ? list.slice(0, 6) : list);
  return [
    ...pick(paths).map((path) => ({ method, path })),
    ...pick(QUERIES).map((query) => ({ method, path: `${base}${query}` })),
    ...(hasBody(method) ? pick(BODIES).map((body) => ({ method, path: base, body })) : []),
  ];
}

let server: InProcessTestServer;
let bodyTemplates: Record<string, unknown>[];
let clientAddress = 0;

beforeAll(async () => {
  // Behind a trusted proxy, so each form post can come from its own address: the forms' rate
  // limit would otherwise answer most of them with 429 before they reach the code under test.
  // The API's limits are raised for the same reason (a 429 here is reported as a problem).
  const unlimited = { max: 1_000_000, windowMs: 60_000 };
  server = await startTestServer({
    staticDir: null,
    market: TEST_MARKET,
    trustProxy: true,
    rateLimits: { api: unlimited, scanRuns: unlimited, exports: unlimited, passwordFailures: unlimited },
  });
  const someone = await signedIn(server, 'fuzz-legs@example.com');
  bodyTemplates = templates(
    bullCallSpread(await optionChain(someone, 'SPY'), await lastPrice(someone, 'SPY')),
  );
});
afterAll(() => server?.stop());

interface Answer {
  readonly status: number;
  /** Why the answer breaks the rule, or null. */
  readonly problem: string | null;
}

/** Sends one probe and judges the answer. */
async function send(kind: Kind, probe: Probe, headers: Record<string, string>): Promise<Answer> {
  clientAddress++;
  const what = probe.body ? ` [${probe.body.type}] ${probe.note ?? probe.body.text.slice(0, 100)}` : '';
  const sent = `${probe.method} ${probe.path.slice(0, 120)}${what}`;
  let res: Response;
  try {
    res = await server.request(probe.path, {
      method: probe.method,
      headers: {
        ...headers,
        'x-forwarded-for': `10.${(clientAddress >> 16) & 255}.${(clientAddress >> 8) & 255}.${clientAddress & 255}`,
        ...(probe.body ? { 'content-type': probe.body.type } : {}),
      },
      ...(probe.body ? { body: probe.body.text } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    return { status: 0, problem: `${sent} → ${(err as Error).name}: ${(err as Error).message}` };
  }
  const { status } = res;
  const text = await res.text();
  const fail = (why: string) => ({ status, problem: `${sent} → ${status} ${why}: ${text.slice(0, 200)}` });
  if (status >= 500) return fail('server error');
  // The probe never reached the code under test.
  if (status === 429 && kind === 'api') return fail('rate limited');
  if (status < 400 || probe.method === 'HEAD') return { status, problem: null };
  const type = res.headers.get('content-type') ?? '';
  if (kind === 'form' && type.startsWith('text/html')) {
    return text.includes('<h1>') ? { status, problem: null } : fail('form page without a heading');
  }
  if (!type.startsWith('application/json')) return fail(`not the error body (${type})`);
  const body = JSON.parse(text) as unknown;
  if (!isApiError(body)) return fail('no code and message');
  if (!isErrorCode(body.code)) return fail('a code outside the catalogue');
  // Fastify's own client errors keep their status (405, 406 …) under BAD_REQUEST.
  if (body.code !== 'BAD_REQUEST' && errorStatus(body.code) !== status)
    return fail('not its catalogue status');
  return { status, problem: null };
}

/**
 * `value` with one field replaced by an odd value, for every field at every depth (of an array,
 * its first item only): the odd value must be refused wherever it sits. `field` names it.
 */
function mutations(value: unknown): { field: string; value: unknown }[] {
  if (value === null || typeof value !== 'object') return [];
  const keys = Array.isArray(value) ? (value.length > 0 ? ['0'] : []) : Object.keys(value);
  return keys.flatMap((key) => {
    const child = (value as Record<string, unknown>)[key];
    const variants = [
      ...ODD_VALUES.map((odd) => ({ field: `${key} = ${JSON.stringify(odd)?.slice(0, 20)}`, value: odd })),
      ...mutations(child).map((m) => ({ field: `${key}.${m.field}`, value: m.value })),
    ];
    return variants.map((v) => ({
      field: v.field,
      value: Array.isArray(value) ? [v.value, ...value.slice(1)] : { ...value, [key]: v.value },
    }));
  });
}

async function fuzz(
  routes: readonly RouteEntry[],
  withToken: boolean,
): Promise<{ sent: number; problems: string[] }> {
  const problems: string[] = [];
  let sent = 0;
  const run = async (kind: Kind, probe: Probe, headers: Record<string, string>) => {
    sent++;
    const answer = await send(kind, probe, headers);
    if (answer.problem) problems.push(answer.problem);
    return answer;
  };
  for (const [index, route] of routes.entries()) {
    const kind = kindOf(route);
    const full = withToken || reachableWithoutToken(route);
    let headers = NO_TOKEN[index % NO_TOKEN.length] ?? {};
    // A user of its own per route, with a trading account, so one route's deletions or plan
    // limits never hide another's and an order can reach the database.
    const queries = [''];
    if (withToken) {
      const user = await signedIn(server, `fuzz-${index}@example.com`);
      headers = { authorization: `Bearer ${user.token}` };
      const account = await createAccount(user, 'Fuzz');
      queries.push(`?accountId=${account.account_id}&strategy=bull_call_spread`);
    }
    for (const probe of probesFor(route, !full)) await run(kind, probe, headers);
    if (full && hasBody(route.method)) {
      const base = fill(route.url, '1');
      for (const template of bodyTemplates) {
        // Only a template the route takes (with the account's query if it needs one): the
        // others are another call's body.
        for (const query of queries) {
          const path = `${base}${query}`;
          const { status } = await run(kind, { method: route.method, path, body: json(template) }, headers);
          if (status < 200 || status >= 300) continue;
          for (const { field, value } of mutations(template)) {
            await run(kind, { method: route.method, path, body: json(value), note: field }, headers);
          }
          break;
        }
      }
    }
    // Whatever a probe did to the business clock (POST /dev/clock is public), back to real time.
    await moveClock(server, 0);
  }
  return { sent, problems };
}

describe('malformed input to every route', () => {
  test('the route table holds the API and the sign-in forms', () => {
    const routes = server.routes();
    expect(routes.filter((r) => kindOf(r) === 'api').length).toBeGreaterThan(50);
    expect(routes.filter((r) => kindOf(r) === 'form').map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        `POST ${OIDC_BASE}/interaction/:uid/signin`,
        `POST ${OIDC_BASE}/interaction/:uid/signup`,
      ]),
    );
  });

  test.each([
    ['with a valid bearer token', true],
    ['without a token', false],
  ])('%s: no 5xx, every 4xx a coded error', { timeout: 120_000 }, async (_name, withToken) => {
    const { sent, problems } = await fuzz(server.routes(), withToken);
    console.info(`${sent} requests, ${problems.length} problems`);
    expect(sent).toBeGreaterThan(withToken ? 4000 : 1000);
    expect(problems.length, problems.join('\n')).toBe(0);
  });
});
