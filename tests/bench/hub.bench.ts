/**
 * Live-update hub benchmark: many WebSocket clients on loopback, each with a page of registered
 * trades, against a real server in a child process (the simulated market ticking every second).
 *
 *   node tests/bench/hub.bench.ts            1,000 connections × 20 trades, 5 minutes measured
 *   node tests/bench/hub.bench.ts --quick    the same for 30 s
 *   options: --connections N, --universe S|M|L (default M, the server's default), --distinct
 *            (every connection its own 20 trades, instead of 50 shared pages of 20)
 *
 * Clients are raw WebSockets speaking the hub protocol (negotiate, handshake, registerTrade, a ping
 * every 10 s), all in this process; they read only each push's tick time. Tick-to-delivery is the
 * time a push frame arrives minus the market instant of its tick (the server's clock, the same
 * machine clock). Server memory is its resident set (/proc), sampled every 5 s. Writes the `hub`
 * section of docs/BENCHMARKS.md. Target: p95 ≤ 250 ms, memory flat.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiveTradeSpec, TRADES_HUB_PATH } from '#api/hub.ts';
import type { OptionChainRow } from '#api/market.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { DEFAULT_HUB_CONFIG } from '#server/hub/hub-config.ts';
import { HubConnection, type HubSocket } from '#server/hub/hub-connection.ts';
import { TradesHub } from '#server/hub/trades-hub.ts';
import type { UniverseSize } from '#server/market/sim-config.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { sendOpsCommand } from '#server/ops/ops-socket.ts';
import type { SignedInUser } from '#server/users/users.ts';
import { freePort } from '../support/test-server.ts';
import { machineLine, percentiles, writeBenchSection } from './report.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};

const QUICK = flag('--quick');
const DISTINCT = flag('--distinct');
const CONNECTIONS = Number(option('--connections', '1000'));
const PER_CONNECTION = 20;
const PAGES = 50;
const UNIVERSE = option('--universe', 'M');
const WARMUP_S = QUICK ? 10 : 20;
const MEASURE_S = QUICK ? 30 : 300;
const TARGET_P95_MS = 250;
/** What a scan page shows besides the direction fields: the payload of each push. */
const FIELDS = [
  'prob_profit',
  'max_profit',
  'max_loss',
  'breakeven',
  'delta',
  'theta',
  'spread_expected_value',
  'return_acquisition',
  'shift_pl',
];
const SCENARIOS = [
  { amount: 0.05, unit: 'pct' },
  { amount: -0.05, unit: 'pct' },
];
const RS = '\x1e';
const root = join(import.meta.dirname, '../..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- the server ------------------------------------------------------------------------------------

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** CPU seconds (user + system) the process used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'src/server/main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SIM_UNIVERSE: UNIVERSE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const ok = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await sleep(200);
  }
  throw new Error('the server did not start');
}

// --- the trades -------------------------------------------------------------------------------------

/** A deterministic shuffle (xorshift), so every run registers the same pages. */
function shuffled<T>(items: T[], seed = 7): T[] {
  let s = seed;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Verticals, iron condors, covered calls and a few calendars near the money of liquid names. */
async function tradePool(url: string, token: string, count: number): Promise<LiveTradeSpec[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const universe = (await (await fetch(`${url}/api/v1/underlyings`, { headers })).json()) as {
    contract: { symbol: string };
  }[];
  const pool = new Map<string, LiveTradeSpec>();
  const add = (strategy: LiveTradeSpec['strategy'], legs: [string, number][]) => {
    const id = legs.map(([c, q]) => `${c}×${q}`).join(' ');
    pool.set(id, { id, strategy, legs: legs.map(([contract, quantity]) => ({ contract, quantity })) });
  };
  for (const { contract } of universe.slice(0, 40)) {
    if (pool.size >= count * 1.5) break;
    const symbol = contract.symbol;
    const chain = (await (await fetch(`${url}/api/v1/trades/${symbol}/optionchain`, { headers })).json()) as
      | OptionChainRow[]
      | null;
    const [quote] = (await (
      await fetch(`${url}/api/v1/contract`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ contractIds: [symbol], fields: ['stock_last'] }),
      })
    ).json()) as { stock_last: number }[];
    if (!chain?.length || !quote) continue;
    const now = Date.now();
    const exps = [...new Set(chain.map((r) => r.option.expiration))]
      .sort()
      .filter((e) => Date.parse(`${e}T21:00:00Z`) - now > 7 * 86_400_000)
      .slice(0, 6);
    const id = (exp: string, right: 'CALL' | 'PUT', strike: number) =>
      chain.find((r) => r.option.expiration === exp && r.option.right === right && r.option.strike === strike)
        ?.id;
    for (const [e, exp] of exps.entries()) {
      const ks = [
        ...new Set(chain.filter((r) => r.option.expiration === exp).map((r) => r.option.strike)),
      ].sort((a, b) => a - b);
      const atm = ks.findIndex((k) => k >= quote.stock_last);
      for (let o = -6; o <= 6; o++) {
        for (const w of [1, 2, 3]) {
          const k = (i: number) => ks[atm + i];
          const c0 = id(exp, 'CALL', k(o)!);
          const cw = id(exp, 'CALL', k(o + w)!);
          const pw = id(exp, 'PUT', k(o - w)!);
          const p0 = id(exp, 'PUT', k(o)!);
          if (c0 && cw)
            add('bull_call_spread', [
              [c0, 1],
              [cw, -1],
            ]);
          if (p0 && pw)
            add('bull_put_spread', [
              [pw, 1],
              [p0, -1],
            ]);
          const p2 = id(exp, 'PUT', k(-2 * w + o)!);
          const p1 = id(exp, 'PUT', k(-w + o)!);
          const c1 = id(exp, 'CALL', k(w + o)!);
          const c2 = id(exp, 'CALL', k(2 * w + o)!);
          if (p2 && p1 && c1 && c2)
            add('iron_condor', [
              [p2, 1],
              [p1, -1],
              [c1, -1],
              [c2, 1],
            ]);
        }
        const c0 = id(exp, 'CALL', ks[atm + o]!);
        if (c0)
          add('covered_call', [
            [symbol, 100],
            [c0, -1],
          ]);
        // A calendar now and then: they cost ten times a vertical to value (the back leg by BSM).
        const later = exps[e + 2];
        const back = later && id(later, 'CALL', ks[atm + o]!);
        if (c0 && back && o % 3 === 0)
          add('long_call_calendar_spread', [
            [c0, -1],
            [back, 1],
          ]);
      }
    }
  }
  const all = shuffled([...pool.values()]);
  if (all.length < count) throw new Error(`only ${all.length} distinct trades, ${count} wanted`);
  return all.slice(0, count);
}

// --- the clients ------------------------------------------------------------------------------------

interface Stats {
  measuring: boolean;
  latencies: number[];
  frames: number;
  bytes: number;
  seqs: Set<number>;
  registered: number;
  failed: number;
  closed: number;
}

async function connect(
  url: string,
  token: string,
  trades: LiveTradeSpec[],
  stats: Stats,
): Promise<WebSocket> {
  const res = await fetch(`${url}${TRADES_HUB_PATH}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = (await res.json()) as { connectionToken: string };
  const ws = new WebSocket(
    `${url.replace('http', 'ws')}${TRADES_HUB_PATH}?id=${encodeURIComponent(connectionToken)}&access_token=${token}`,
  );
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error('WebSocket failed')));
  });
  let shaken = false;
  ws.addEventListener('close', () => {
    stats.closed++;
  });
  ws.addEventListener('message', (e) => {
    const text = String(e.data);
    if (!shaken) {
      shaken = true;
      ws.send(
        JSON.stringify({
          type: 1,
          invocationId: '1',
          target: 'registerTrade',
          arguments: [trades, 0.25, SCENARIOS, '0', FIELDS],
        }) + RS,
      );
      return;
    }
    if (text.startsWith('{"type":3')) {
      if (text.includes('"error"')) stats.failed++;
      else stats.registered++;
      return;
    }
    if (!stats.measuring || !text.startsWith('{"type":1')) return;
    // The tick ends each push: …],{"seq":N,"time":T}]}
    const at = text.lastIndexOf('"time":');
    const time = Number.parseInt(text.slice(at + 7), 10);
    const seqAt = text.lastIndexOf('"seq":');
    stats.seqs.add(Number.parseInt(text.slice(seqAt + 6), 10));
    stats.latencies.push(Date.now() - time);
    stats.frames++;
    stats.bytes += text.length;
  });
  ws.send(`{"protocol":"json","version":1}${RS}`);
  return ws;
}

// --- where the time goes -----------------------------------------------------------------------------

/**
 * The same market and registrations in this process, with sockets that only count: the time of
 * the market's update and of the hub's pass per tick, each measured alone (no clients, no other
 * server work in between).
 */
async function breakdown(
  pages: (i: number) => LiveTradeSpec[],
  probabilityModel: ProbabilityModel,
): Promise<{ advance: number[]; pass: number[]; trades: number }> {
  let now = Date.now();
  const market = createSimulatedMarket(
    { seed: 1, universe: UNIVERSE as UniverseSize, hours: 'always' },
    { clock: () => now, tickMs: 3_600_000 },
  );
  const hub = new TradesHub({ market, config: DEFAULT_HUB_CONFIG, probabilityModel });
  for (let i = 0; i < CONNECTIONS; i++) {
    const listeners = new Map<string, (data: Buffer, binary: boolean) => void>();
    const socket: HubSocket = {
      readyState: 1,
      bufferedAmount: 0,
      send: () => undefined,
      close: () => undefined,
      terminate: () => undefined,
      on: (event: string, listener: never) => listeners.set(event, listener),
    };
    new HubConnection(socket, {
      connectionId: `b${i}`,
      user: { id: 1 } as SignedInUser,
      maxMessageBytes: 1e7,
      maxBufferedBytes: 1e12,
      handlers: hub,
      log: { warn: () => undefined, error: () => undefined },
      now: Date.now,
    });
    const receive = (message: object) =>
      listeners.get('message')?.(Buffer.from(JSON.stringify(message) + RS), false);
    receive({ protocol: 'json', version: 1 });
    receive({
      type: 1,
      invocationId: '1',
      target: 'registerTrade',
      arguments: [pages(i), 0.25, SCENARIOS, '0', FIELDS],
    });
  }
  const advance: number[] = [];
  const pass: number[] = [];
  for (let t = 0; t < 33; t++) {
    now += 1000;
    const a = performance.now();
    market.advance();
    const b = performance.now();
    await new Promise((r) => setImmediate(r));
    if (t >= 3) {
      advance.push(b - a);
      pass.push(performance.now() - b);
    }
  }
  const trades = hub.stats.trades;
  hub.close();
  market.close();
  return { advance, pass, trades };
}

const rounded = (samples: readonly number[]) => {
  const x = percentiles(samples);
  return { p50: Math.round(x.p50), p95: Math.round(x.p95) };
};

/**
 * `breakdown` with the smile model and the lognormal alternative, two rounds each, alternating, so
 * that warming up and the machine's load fall on both alike; each model's samples pooled.
 */
async function breakdownBoth(pages: (i: number) => LiveTradeSpec[]) {
  const runs = {
    smile: { advance: [] as number[], pass: [] as number[] },
    lognormal: { advance: [] as number[], pass: [] as number[] },
  };
  let trades = 0;
  for (const model of ['smile', 'lognormal', 'smile', 'lognormal'] as const) {
    const run = await breakdown(pages, model);
    runs[model].advance.push(...run.advance);
    runs[model].pass.push(...run.pass);
    trades = run.trades;
  }
  return {
    smile: { advance: rounded(runs.smile.advance), pass: rounded(runs.smile.pass) },
    lognormal: { advance: rounded(runs.lognormal.advance), pass: rounded(runs.lognormal.pass) },
    trades,
  };
}

// --- the run ----------------------------------------------------------------------------------------

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

function slopeMbPerMin(samples: readonly { t: number; mb: number }[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const mt = samples.reduce((s, x) => s + x.t, 0) / n;
  const mm = samples.reduce((s, x) => s + x.mb, 0) / n;
  const cov = samples.reduce((s, x) => s + (x.t - mt) * (x.mb - mm), 0);
  const vt = samples.reduce((s, x) => s + (x.t - mt) ** 2, 0);
  return (cov / vt) * 60_000;
}

async function main(): Promise<void> {
  const load0 = loadavg();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-bench-'));
  const url = `http://127.0.0.1:${port}`;
  console.log(`starting the server (universe ${UNIVERSE}) …`);
  const server = await startServer(port, dataDir);
  const sockets: WebSocket[] = [];
  try {
    const token = (await sendOpsCommand(dataDir, ['token', 'bench@example.com']))?.lines.at(-1);
    if (!token) throw new Error('no token');
    const distinct = DISTINCT ? CONNECTIONS * PER_CONNECTION : PAGES * PER_CONNECTION;
    const pool = await tradePool(url, token, distinct);
    const pageOf = (i: number) => {
      const page = DISTINCT ? i : i % PAGES;
      return pool.slice(page * PER_CONNECTION, (page + 1) * PER_CONNECTION);
    };
    const stats: Stats = {
      measuring: false,
      latencies: [],
      frames: 0,
      bytes: 0,
      seqs: new Set(),
      registered: 0,
      failed: 0,
      closed: 0,
    };
    // Keep-alive from the start: each client pings every 10 s, spread over the interval (the
    // server drops a client silent for 30 s, and connecting them all can take that long).
    let second = 0;
    const pinger = setInterval(() => {
      const k = second++ % 10;
      sockets.forEach((ws, i) => {
        if (i % 10 === k && ws.readyState === WebSocket.OPEN) ws.send(`{"type":6}${RS}`);
      });
    }, 1000);
    console.log(`connecting ${CONNECTIONS} clients × ${PER_CONNECTION} trades (${distinct} distinct) …`);
    const t0 = Date.now();
    for (let i = 0; i < CONNECTIONS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CONNECTIONS - i) }, (_, j) =>
        connect(url, token, pageOf(i + j), stats),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    while (stats.registered + stats.failed < CONNECTIONS && Date.now() - t0 < 120_000) await sleep(100);
    const connectSeconds = (Date.now() - t0) / 1000;
    console.log(`registered ${stats.registered}, failed ${stats.failed} in ${connectSeconds.toFixed(1)} s`);

    await sleep(WARMUP_S * 1000);
    const memory: { t: number; mb: number }[] = [];
    const sample = () => memory.push({ t: Date.now(), mb: rssMb(server.pid!) });
    sample();
    const cpu0 = cpuSeconds(server.pid!);
    const own0 = process.cpuUsage();
    const m0 = Date.now();
    stats.measuring = true;
    const sampler = setInterval(sample, 5000);
    const progress = setInterval(() => {
      const { p50, p95 } = percentiles(stats.latencies.slice(-CONNECTIONS * 10));
      console.log(
        `${((Date.now() - m0) / 1000).toFixed(0)} s: ${stats.frames} frames, last 10 ticks p50 ${p50} ms p95 ${p95} ms, server RSS ${memory.at(-1)?.mb.toFixed(0)} MB`,
      );
    }, 30_000);
    await sleep(MEASURE_S * 1000);
    stats.measuring = false;
    clearInterval(sampler);
    clearInterval(progress);
    clearInterval(pinger);
    sample();
    const seconds = (Date.now() - m0) / 1000;
    const serverCpu = (cpuSeconds(server.pid!) - cpu0) / seconds;
    const own = process.cpuUsage(own0);
    const clientCpu = (own.user + own.system) / 1e6 / seconds;
    const load1 = loadavg();
    const closedByServer = stats.closed;
    for (const ws of sockets) ws.close();
    server.kill('SIGTERM');
    console.log('timing the market update and the hub pass alone, in this process …');
    const both = await breakdownBoth(pageOf);
    const alone = { ...both.smile, trades: both.trades };
    const lognormal = both.lognormal;

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
    const { p50, p95 } = percentiles(stats.latencies);
    const ticks = stats.seqs.size;
    const mbs = memory.map((m) => m.mb);
    const slope = slopeMbPerMin(memory);
    // A heap still growing to its working size shows in the first half; a leak in both.
    const lateSlope = slopeMbPerMin(memory.slice(Math.floor(memory.length / 2)));
    const verdict = p95 <= TARGET_P95_MS ? 'met' : 'NOT met';
    const md = [
      `## Live-update hub (\`node tests/bench/hub.bench.ts${QUICK ? ' --quick' : ''}\`)`,
      '',
      `${machineLine()}. Load average (1/5/15 min) ${load0.map((x) => x.toFixed(2)).join('/')} before the run, ${load1.map((x) => x.toFixed(2)).join('/')} at its end: the server, the ${CONNECTIONS} clients and other work share the 2 cores.`,
      '',
      `Server in a child process (simulated market ${UNIVERSE}, ticking every second), ${CONNECTIONS} raw WebSocket clients in the benchmark process on loopback, each registering ${PER_CONNECTION} trades at bid/ask level 0.25 with 2 scenarios and ${FIELDS.length} shown fields; ${DISTINCT ? `every connection its own trades (${(CONNECTIONS * PER_CONNECTION).toLocaleString('en-US')} distinct)` : `${PAGES} shared pages of ${PER_CONNECTION} (${(PAGES * PER_CONNECTION).toLocaleString('en-US')} distinct trades: users watching the same scans)`}; verticals, iron condors, covered calls and some calendars near the money of the most liquid names. ${WARMUP_S} s warm-up, then ${MEASURE_S} s measured.`,
      '',
      '| | |',
      '|---|---|',
      `| connect and register ${CONNECTIONS} clients | ${connectSeconds.toFixed(1)} s (${stats.registered} registered, ${stats.failed} refused) |`,
      `| ticks seen / push frames / per connection per tick | ${ticks} / ${stats.frames.toLocaleString('en-US')} / ${(stats.frames / Math.max(1, ticks * CONNECTIONS)).toFixed(2)} |`,
      `| push payload | ${(stats.bytes / Math.max(1, stats.frames) / 1024).toFixed(1)} KiB per frame, ${(stats.bytes / seconds / 1e6).toFixed(1)} MB/s in total |`,
      `| **tick-to-delivery p50 / p95** | **${p50} ms / ${p95} ms** (target p95 ≤ ${TARGET_P95_MS} ms: ${verdict}) |`,
      `| p99 / max | ${at(0.99)} ms / ${sorted.at(-1)} ms |`,
      `| server RSS after warm-up / at the end / max | ${mbs[0]?.toFixed(0)} / ${mbs.at(-1)?.toFixed(0)} / ${Math.max(...mbs).toFixed(0)} MB |`,
      `| server RSS trend over the measured window | ${signed(slope)} MB/min (${memory.length} samples, every 5 s); its second half ${signed(lateSlope)} MB/min |`,
      `| CPU: server / clients | ${(serverCpu * 100).toFixed(0)}% / ${(clientCpu * 100).toFixed(0)}% of one core |`,
      `| connections closed by the server | ${closedByServer} |`,
      '',
      'Tick-to-delivery includes the market update itself (repricing the chains of the underlyings that',
      'traded), the recalculation of the registered trades (each distinct trade once per tick, shared by',
      'every connection registering it) and writing one frame to every connection.',
      '',
      `The same ${alone.trades.toLocaleString('en-US')} distinct trades and ${CONNECTIONS} registrations in the benchmark process alone (sockets that only count, the server and clients stopped; 2 × 30 ticks per model, the models alternating): market update p50 ${alone.advance.p50} ms / p95 ${alone.advance.p95} ms, hub pass (recalculation and frames) p50 ${alone.pass.p50} ms / p95 ${alone.pass.p95} ms per tick with the smile probability model (the server's default: the smiles of the registered trades' expirations, refitted only for the chains the tick repriced), ${lognormal.pass.p50} ms / ${lognormal.pass.p95} ms with the lognormal alternative (ratio of the p50s ${(alone.pass.p50 / lognormal.pass.p50).toFixed(2)}×).`,
    ].join('\n');
    writeBenchSection('hub', md);
    console.log(md);
  } finally {
    for (const ws of sockets) ws.close();
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
