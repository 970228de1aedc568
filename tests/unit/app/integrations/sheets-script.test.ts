/**
 * The Google Sheets add-in's script (docs/ADDIN.md), run as Apps Script would run it: its services
 * are stand-ins that record the calls. One call for a range, the add-in token as the bearer, the
 * server's refusals and a missing token as cell errors, a minute's cache per name (whose keys, like
 * Apps Script's, may not pass 250 characters).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { sheetsScript } from '#app/screens/integrations/sheets-script.ts';

interface Fetched {
  readonly url: string;
  readonly options: { headers: Record<string, string>; muteHttpExceptions: boolean };
}

/** Apps Script's cache refuses a key longer than 250 characters. */
function cacheKey(key: string): string {
  if (key.length > 250) throw new Error('Argument too large: key');
  return key;
}

function sheets(answer: { status: number; body: unknown }, token: string | null = 'osa_token') {
  const fetched: Fetched[] = [];
  const cache = new Map<string, string>();
  const props = new Map<string, string>(token ? [['OPTIONSCOUT_TOKEN', token]] : []);
  const context: Record<string, unknown> = {
    UrlFetchApp: {
      fetch: (url: string, options: Fetched['options']) => {
        fetched.push({ url, options });
        return { getResponseCode: () => answer.status, getContentText: () => JSON.stringify(answer.body) };
      },
    },
    PropertiesService: {
      getUserProperties: () => ({
        getProperty: (k: string) => props.get(k) ?? null,
        setProperty: (k: string, v: string) => props.set(k, v),
      }),
    },
    CacheService: {
      getUserCache: () => ({
        get: (k: string) => cache.get(cacheKey(k)) ?? null,
        put: (k: string, v: string) => cache.set(cacheKey(k), v),
        getAll: (keys: string[]) =>
          Object.fromEntries(keys.flatMap((k) => (cache.has(cacheKey(k)) ? [[k, cache.get(k)]] : []))),
        putAll: (values: Record<string, string>) => {
          for (const [k, v] of Object.entries(values)) cache.set(cacheKey(k), v);
        },
      }),
    },
  };
  runInNewContext(sheetsScript('https://app.example.com/'), context);
  const fn = (name: string) => context[name] as (...args: unknown[]) => unknown;
  return { fetched, OSQUOTE: fn('OSQUOTE'), OSOPTION: fn('OSOPTION') };
}

const quote = (symbol: string, last: number) => ({
  symbol,
  name: symbol,
  last,
  change: 1,
  changePercent: 0.01,
  iv: 0.3,
  ivRank: 42,
  asOf: '2026-11-27T15:00:00.000Z',
});

describe('OSQUOTE and OSOPTION', () => {
  test('one cell: the add-in call with the token, the field asked for', () => {
    const s = sheets({ status: 200, body: { quotes: [quote('AAPL', 180.5)] } });
    expect(s.OSQUOTE('aapl')).toBe(180.5);
    expect(s.fetched).toHaveLength(1);
    expect(s.fetched[0]!.url).toBe('https://app.example.com/api/v1/addin/quotes?symbols=AAPL');
    expect(s.fetched[0]!.options.headers).toEqual({ Authorization: 'Bearer osa_token' });
    expect(s.fetched[0]!.options.muteHttpExceptions).toBe(true);
    // The same again within the minute comes from the cache.
    expect(s.OSQUOTE('AAPL', 'iv_rank')).toBe(42);
    expect(s.fetched).toHaveLength(1);
  });

  test('a range is one call, answered in its shape; a name the market does not list says so', () => {
    const s = sheets({ status: 200, body: { quotes: [quote('AAPL', 180.5), null] } });
    expect(
      s.OSQUOTE(
        [
          ['AAPL', 'ZZZZ'],
          ['', 'aapl'],
        ],
        'last',
      ),
    ).toEqual([
      [180.5, 'Not listed'],
      ['', 180.5],
    ]);
    expect(s.fetched.map((f) => f.url)).toEqual([
      'https://app.example.com/api/v1/addin/quotes?symbols=AAPL%2CZZZZ',
    ]);
  });

  test('a range of 100 option ids is one call, then each name comes from the cache', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `AAPL261218C${200 + i}`);
    const s = sheets({
      status: 200,
      body: { options: ids.map((contract, i) => ({ contract, delta: i / 100, mid: 1 + i })) },
    });
    const column = ids.map((id) => [id]);
    expect(s.OSOPTION(column, 'mid')).toEqual(ids.map((_, i) => [1 + i]));
    expect(s.fetched).toHaveLength(1);
    expect(s.fetched[0]!.url).toContain(encodeURIComponent(ids.join(',')));
    expect(s.OSOPTION(column.slice(40, 60), 'delta')).toEqual(
      ids.slice(40, 60).map((_, i) => [(40 + i) / 100]),
    );
    expect(s.fetched).toHaveLength(1);
  });

  test('a range asks only for the names not cached', () => {
    const s = sheets({ status: 200, body: { quotes: [quote('AAPL', 180.5)] } });
    s.OSQUOTE('AAPL');
    s.OSQUOTE([['AAPL'], ['KO']]);
    expect(s.fetched.map((f) => f.url)).toEqual([
      'https://app.example.com/api/v1/addin/quotes?symbols=AAPL',
      'https://app.example.com/api/v1/addin/quotes?symbols=KO',
    ]);
  });

  test('an option figure', () => {
    const s = sheets({
      status: 200,
      body: { options: [{ contract: 'AAPL261218C200', delta: 0.52, mid: 12.3 }] },
    });
    expect(s.OSOPTION('AAPL261218C200', 'delta')).toBe(0.52);
    expect(s.OSOPTION('AAPL261218C200')).toBe(12.3);
    expect(s.fetched[0]!.url).toBe('https://app.example.com/api/v1/addin/options?contracts=AAPL261218C200');
  });

  test("errors a cell shows: no token, an unknown field, the server's refusal", () => {
    expect(() => sheets({ status: 200, body: {} }, null).OSQUOTE('AAPL')).toThrow(
      /Set your OptionScout access token/,
    );
    expect(() => sheets({ status: 200, body: {} }).OSQUOTE('AAPL', 'colour')).toThrow(/Unknown field colour/);
    const refused = sheets({
      status: 422,
      body: {
        code: 'PLAN_LIMIT_REACHED',
        message: 'The Excel and Google Sheets add-in is part of the Advanced plan.',
      },
    });
    expect(() => refused.OSQUOTE('AAPL')).toThrow(
      'OptionScout: The Excel and Google Sheets add-in is part of the Advanced plan.',
    );
  });
});
