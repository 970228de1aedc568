const SEPARATORS = /[,;\s]+/;

/**
 * Normalises an include/exclude symbol list (spec 2 §5): split on commas, semicolons and
 * whitespace, upper-case, drop empties and repeats (first occurrence wins). An empty result is null,
 * meaning "no list".
 */
export const parseSymbolList = (
  raw: string | readonly string[] | null | undefined,
): readonly string[] | null => {
  if (raw === null || raw === undefined) return null;
  const parts = typeof raw === 'string' ? raw.split(SEPARATORS) : raw.flatMap((s) => s.split(SEPARATORS));
  const symbols = [...new Set(parts.filter((s) => s !== '').map((s) => s.toUpperCase()))];
  return symbols.length === 0 ? null : symbols;
};
