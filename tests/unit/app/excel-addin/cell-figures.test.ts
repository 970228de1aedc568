/**
 * The Excel add-in's cell functions (src/app/excel-addin/cell-figures.ts), with a stand-in for the
 * server: formulas asked together are one request, a range answers in its shape, half a minute's
 * answers serve every formula, and each failure is the message the cell shows.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EXCEL_REFRESH_MS } from '#api/excel-addin.ts';
import {
  BATCH_MS,
  CellError,
  cellFigures,
  FRESH_MS,
  NO_TOKEN,
  NOT_LISTED,
  TOKEN_REFUSED,
} from '#app/excel-addin/cell-figures.ts';

interface Asked {
  readonly url: URL;
  readonly authorization: string | undefined;
}

function server(answer: (url: URL) => { status: number; body: unknown }) {
  const asked: Asked[] = [];
  let token: string | null = 'osa_abcdefghijklmnopqrstuvwxyz';
  let now = Date.parse('2026-12-02T15:00:00Z');
  const figures = cellFigures({
    origin: 'https://app.example.com/',
    token: () => token,
    now: () => now,
    fetch: async (input, init) => {
      const url = new URL(String(input));
      asked.push({ url, authorization: new Headers(init?.headers).get('authorization') ?? undefined });
      const { status, body } = answer(url);
      return new Response(JSON.stringify(body), { status });
    },
  });
  return {
    asked,
    figures,
    setToken: (t: string | null) => {
      token = t;
    },
    later: (ms: number) => {
      now += ms;
    },
  };
}

const quote = (symbol: string, last: number) => ({
  symbol,
  name: symbol,
  last,
  change: 1.5,
  changePercent: 0.01,
  iv: symbol === 'NOOPT' ? null : 0.3,
  ivRank: 42,
  asOf: '2026-12-02T15:00:00.000Z',
});

/** A server that lists every symbol but ZZZZ, each at a price from its name. */
const quotes = (url: URL) => ({
  status: 200,
  body: {
    quotes: (url.searchParams.get('symbols') ?? '')
      .split(',')
      .map((s) => (s === 'ZZZZ' ? null : quote(s, s.length * 100))),
  },
});

/** Reads with the batching timer run, as Excel's calls would see it (its failure handled from the start). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  const outcome = promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.advanceTimersByTimeAsync(BATCH_MS);
  const result = await outcome;
  if (!result.ok) throw result.error;
  return result.value;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OS.QUOTE and OS.OPTION', () => {
  test('one cell: the add-in call with the token, the field asked for (last by default)', async () => {
    const s = server(quotes);
    expect(await settle(s.figures.read('quotes', [['aapl']], null))).toEqual([[400]]);
    expect(await settle(s.figures.read('quotes', [['AAPL']], 'CHANGE'))).toEqual([[1.5]]);
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]?.url.href).toBe('https://app.example.com/api/v1/addin/quotes?symbols=AAPL');
    expect(s.asked[0]?.authorization).toBe('Bearer osa_abcdefghijklmnopqrstuvwxyz');
  });

  test('a range answers in its shape: empty cells stay empty, a name not listed says so, a missing figure is blank', async () => {
    const s = server(quotes);
    const cells = [
      ['KO', ''],
      [null, 'ZZZZ'],
      ['NOOPT', 'KO'],
    ];
    expect(await settle(s.figures.read('quotes', cells, 'iv'))).toEqual([
      [0.3, ''],
      ['', NOT_LISTED],
      ['', 0.3],
    ]);
    expect(s.asked.map((a) => a.url.searchParams.get('symbols'))).toEqual(['KO,ZZZZ,NOOPT']);
  });

  test('formulas calculated together are one request; 150 names are two of at most 100', async () => {
    const s = server(quotes);
    const names = Array.from({ length: 150 }, (_, i) => `N${i}`);
    const values = await settle(Promise.all(names.map((n) => s.figures.read('quotes', [[n]], 'last'))));
    expect(values.map((v) => v[0]?.[0])).toEqual(names.map((n) => n.length * 100));
    expect(s.asked.map((a) => a.url.searchParams.get('symbols')?.split(',').length)).toEqual([100, 50]);
  });

  test('an answer serves every formula for half a minute, then the figures are read again', async () => {
    const s = server(quotes);
    await settle(s.figures.read('quotes', [['AAPL', 'KO']], null));
    s.later(FRESH_MS - 1);
    await settle(s.figures.read('quotes', [['KO']], 'iv_rank'));
    expect(s.asked).toHaveLength(1);
    s.later(1);
    await settle(s.figures.read('quotes', [['KO']], null));
    expect(s.asked.map((a) => a.url.searchParams.get('symbols'))).toEqual(['AAPL,KO', 'KO']);
  });

  test("a formula's refresh a minute later reads new figures", async () => {
    const s = server(quotes);
    await settle(s.figures.read('quotes', [['AAPL']], null));
    s.later(EXCEL_REFRESH_MS - 1);
    await settle(s.figures.read('quotes', [['AAPL']], null));
    expect(s.asked).toHaveLength(2);
  });

  test('an option figure (mid by default)', async () => {
    const s = server(() => ({
      status: 200,
      body: { options: [{ contract: 'AAPL261218C200', bid: 1, ask: 1.2, mid: 1.1, delta: 0.41 }] },
    }));
    expect(await settle(s.figures.read('options', [['AAPL261218C200']], undefined))).toEqual([[1.1]]);
    expect(await settle(s.figures.read('options', [['AAPL261218C200']], 'delta'))).toEqual([[0.41]]);
    expect(s.asked.map(({ url }) => url.pathname + url.search)).toEqual([
      '/api/v1/addin/options?contracts=AAPL261218C200',
    ]);
  });

  test("what a cell shows when it cannot have figures: no token, an unknown field, too many names, the server's refusal", async () => {
    const s = server((url) =>
      url.searchParams.get('symbols') === 'GATED'
        ? {
            status: 422,
            body: { code: 'PLAN_LIMIT_REACHED', message: 'The add-in is part of the Advanced plan.' },
          }
        : { status: 401, body: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } },
    );
    await expect(s.figures.read('quotes', [['AAPL']], 'price')).rejects.toThrow(
      'Unknown field price. Use one of: last, change, change_percent, iv, iv_rank.',
    );
    const many = [Array.from({ length: 101 }, (_, i) => `N${i}`)];
    await expect(s.figures.read('quotes', many, null)).rejects.toThrow('At most 100 names in one formula.');
    await expect(settle(s.figures.read('quotes', [['GATED']], null))).rejects.toThrow(
      'OptionScout: The add-in is part of the Advanced plan.',
    );
    await expect(settle(s.figures.read('quotes', [['AAPL']], null))).rejects.toThrow(TOKEN_REFUSED);
    s.setToken(null);
    await expect(settle(s.figures.read('quotes', [['KO']], null))).rejects.toThrow(NO_TOKEN);
    expect(s.asked).toHaveLength(2);
  });

  test('a server out of reach is a cell error, not a crash', async () => {
    const figures = cellFigures({
      origin: 'https://app.example.com',
      token: () => 'osa_abcdefghijklmnopqrstuvwxyz',
      now: () => 0,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const read = settle(figures.read('quotes', [['AAPL']], null));
    await expect(read).rejects.toBeInstanceOf(CellError);
    await expect(read).rejects.toThrow('OptionScout cannot be reached.');
  });
});
