/**
 * Column keys (and filter keys, which follow the same rule): a datapoint name plus an optional
 * 1-based index suffix for a leg, breakeven or scenario, e.g. `leg_delta_2`, `breakeven_percent_1`.
 * No catalogue name ends in `_<digits>`, so the split is purely syntactic and reversible.
 */
export interface ColumnKey {
  readonly name: string;
  /** 1-based leg, breakeven or scenario number; null when the key has no suffix. */
  readonly index: number | null;
}

const INDEXED_KEY = /^(.+)_([1-9][0-9]*)$/;

export const parseColumnKey = (key: string): ColumnKey => {
  const match = INDEXED_KEY.exec(key);
  if (match === null) return { name: key, index: null };
  return { name: match[1]!, index: Number(match[2]) };
};

export const formatColumnKey = (key: ColumnKey): string =>
  key.index === null ? key.name : `${key.name}_${key.index}`;

/** What a key's index counts. */
export const IndexKind = { Leg: 'leg', Breakeven: 'breakeven', Scenario: 'scenario' } as const;
export type IndexKind = (typeof IndexKind)[keyof typeof IndexKind];

/**
 * Highest index per kind: four option legs (the custom strategy and the condors; spec 2 §3.1, and
 * four custom delta slots, §9.4), two breakevens (Lower, Upper), and ten scenarios per scan (the spec
 * sets no limit; ten keeps exports and watching bounded).
 */
export const MAX_INDEX: Readonly<Record<IndexKind, number>> = { leg: 4, breakeven: 2, scenario: 10 };
