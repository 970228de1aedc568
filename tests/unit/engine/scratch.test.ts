import { describe, expect, test } from 'vitest';
import { Scratch } from '#engine/scratch.ts';

describe('Scratch', () => {
  test('bytes come set to the value asked for, also when reused after a reset', () => {
    const scratch = new Scratch();
    scratch.bytes(100, 1).fill(7);
    scratch.reset();
    expect([...scratch.bytes(100)]).toEqual(new Array(100).fill(0));
    scratch.reset();
    expect([...scratch.bytes(100, 1)]).toEqual(new Array(100).fill(1));
  });

  test('views handed out before a reset never overlap, across growth of the buffer', () => {
    const scratch = new Scratch();
    const bytes: Uint8Array[] = [];
    // Far past the initial size, so the buffer is replaced along the way.
    for (let k = 0; k < 200; k++) bytes.push(scratch.bytes(500 + k).fill(k));
    bytes.forEach((view, k) => {
      expect(view.length).toBe(500 + k);
      expect(view.every((x) => x === k)).toBe(true);
    });
  });
});
