/**
 * The Google Sheets add-in's script (docs/ADDIN.md), run as Apps Script would run it: its services
 * are stand-ins that record the calls. One call for a range, the add-in token as the bearer, the
 * server's refusals and a missing token as cell errors, a minute's cache.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { sheetsScript } from '#app/screens/integrations/sheets-script.ts';

interface Fetched {
  readonly url: string;
  readonly options: { headers: Record<string, string>; muteHttpExceptions: boolean };
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
        get: (k: string) => cache.get(k) ?? null,
        put: (k: string, v: string) => cache.set(k, v),
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
