import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, test } from 'vitest';
import { attachSnapshot, MarketSnapshot, snapshotBuffers } from '#server/market/snapshot.ts';
import { testMarket } from './market-fixture.ts';

const layout = {
  optionCount: 4,
  groupCount: 1,
  symbols: ['AAA'],
  expirations: ['2026-03-20'],
  industries: [''],
};

describe('snapshot frames', () => {
  test('columns live on SharedArrayBuffers, aligned, both frames share the static ones', () => {
    const s = MarketSnapshot.create(layout, 1);
    const f0 = s.front();
    expect(f0.options.mid.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(f0.options.strike.byteOffset % 8).toBe(0);
    f0.options.strike[2] = 105;
    const back = s.back();
    expect(back?.options.strike[2]).toBe(105);
    expect(back?.options.mid).not.toBe(f0.options.mid);
  });

  test('publish flips the frames; a pinned frame is never handed to the writer', () => {
    const s = MarketSnapshot.create(layout, 1);
    const reader = attachSnapshot(snapshotBuffers(s));
    const back = s.back();
    if (!back) throw new Error('back frame expected');
    back.options.mid[0] = 1.5;
    s.publish(back, 1000);
    const pinned = reader.pin();
    expect(pinned.options.mid[0]).toBe(1.5);
    expect(pinned.time).toBe(1000);
    expect(s.seq).toBe(1);
    // The writer may fill the other frame, but after that publish the pinned one is the back frame.
    const next = s.back();
    expect(next?.index).not.toBe(pinned.index);
    if (next) s.publish(next, 2000);
    expect(s.back()).toBeNull();
    reader.unpin(pinned);
    expect(s.back()?.index).toBe(pinned.index);
  });

  test('retire tells attached readers to re-attach', () => {
    const s = MarketSnapshot.create(layout, 7);
    const reader = attachSnapshot(snapshotBuffers(s));
    expect(reader.retired).toBe(false);
    s.retire();
    expect(reader.retired).toBe(true);
    expect(reader.layoutId).toBe(7);
  });
});

describe('snapshot in a worker thread', () => {
  const { market, step } = testMarket({ symbols: ['SPY', 'AAPL'] });
  const snapshot = market.snapshot();
  const worker = new Worker(new URL('./snapshot-reader.worker.ts', import.meta.url), {
    workerData: snapshotBuffers(snapshot),
  });
  const ask = <T>(msg: unknown) =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(msg);
    });
  afterAll(() => worker.terminate());

  test('reads the same numbers through the shared buffers', async () => {
    const f = snapshot.front();
    let mids = 0;
    for (let i = 0; i < snapshot.optionCount; i++) mids += f.options.mid[i] as number;
    const reply = await ask<{ mids: number; spyLast: number; firstExpiration: string; seq: number }>({
      kind: 'sum',
    });
    expect(reply.mids).toBe(mids);
    expect(reply.spyLast).toBe(market.quote('SPY')?.last);
    expect(reply.firstExpiration).toBe(snapshot.expirations[0]);
  });

  test('sees later ticks without being sent anything again (no copy)', async () => {
    const seq = snapshot.seq;
    step(5000);
    market.advance();
    expect(snapshot.seq).toBe(seq + 1);
    const reply = await ask<{ spyLast: number; seq: number }>({ kind: 'sum' });
    expect(reply.seq).toBe(seq + 1);
    expect(reply.spyLast).toBe(market.quote('SPY')?.last);
  });

  test("a write through the worker's view shows in the main thread's view", async () => {
    const row = snapshot.optionCount - 1;
    await ask({ kind: 'mark', row, value: 12345.5 });
    expect(snapshot.front().options.mid[row]).toBe(12345.5);
  });
});
