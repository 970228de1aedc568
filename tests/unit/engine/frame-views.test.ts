/**
 * The engine's frame views read the same memory as the snapshot's own frames, column for column,
 * in both frames: if the snapshot layout changes, this fails.
 */
import { describe, expect, test } from 'vitest';
import { frameColumns } from '#engine/frame-views.ts';
import { MarketSnapshot } from '#server/market/snapshot.ts';

describe('frame views', () => {
  test('every column of both frames is the snapshot’s own memory', () => {
    const s = MarketSnapshot.create(
      {
        optionCount: 7,
        groupCount: 3,
        symbols: ['AAA', 'BBB'],
        expirations: ['2026-03-20'],
        industries: [''],
      },
      4,
    );
    const seen = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const frame = s.back()!;
      seen.add(frame.index);
      const views = frameColumns(s.buffers, frame.index);
      for (const table of ['options', 'groups', 'underlyings'] as const) {
        const own = frame[table] as unknown as Record<
          string,
          ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number }
        >;
        const mine = views[table] as unknown as Record<
          string,
          ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number }
        >;
        expect(Object.keys(mine).sort()).toEqual(Object.keys(own).sort());
        for (const [name, column] of Object.entries(own)) {
          expect(mine[name]!.buffer, `${table}.${name}`).toBe(column.buffer);
          expect(mine[name]!.byteOffset, `${table}.${name}`).toBe(column.byteOffset);
          expect(mine[name]!.length, `${table}.${name}`).toBe(column.length);
        }
      }
      s.publish(frame, 1000 + i);
    }
    expect([...seen].sort()).toEqual([0, 1]);
  });
});
