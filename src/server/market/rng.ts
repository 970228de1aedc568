/**
 * Seeded pseudo-random numbers for the simulator. Every random stream is named
 * (`streamSeed(seed, 'AAPL', 'history')`), so one underlying's path does not depend on how many
 * other underlyings the universe holds, and the same seed always rebuilds the same market.
 *
 * Generator: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit state, passes
 * PractRand); normals by the Marsaglia polar method.
 */

/** FNV-1a over the UTF-16 code units of a string, then mixed with murmur3's finaliser. */
function hashString(text: string, h0: number): number {
  let h = h0 ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit seed for the stream named by `parts`, derived from the market seed. */
export function streamSeed(seed: number, ...parts: readonly (string | number)[]): number {
  let h = mix32(Math.trunc(seed) ^ 0x9e3779b9);
  for (const part of parts) h = hashString(String(part), h);
  return h;
}

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  #spare = Number.NaN;

  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    // Discard the first outputs: sfc32 needs a few rounds to spread a small seed over its state.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform on [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Uniform integer on [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal deviate. */
  normal(): number {
    if (!Number.isNaN(this.#spare)) {
      const s = this.#spare;
      this.#spare = Number.NaN;
      return s;
    }
    let u = 0;
    let v = 0;
    let s = 0;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.#spare = v * f;
    return u * f;
  }

  /** Lognormal multiplier with median 1 and log-standard-deviation `sd`. */
  lognormal(sd: number): number {
    return Math.exp(sd * this.normal());
  }

  /** Picks an element by weight. */
  pick<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      x -= weights[i] ?? 0;
      if (x < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }
}

export function rngFor(seed: number, ...parts: readonly (string | number)[]): Rng {
  return new Rng(streamSeed(seed, ...parts));
}
