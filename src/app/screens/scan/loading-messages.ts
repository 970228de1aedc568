/**
 * The staged messages while a scan runs (spec 2 §4.1): 'Loading...' first, then one message at
 * 5, 9, 13 and 18 seconds; the last stays until the answer arrives.
 */
export const LOADING_STAGES: readonly { readonly atMs: number; readonly text: string }[] = [
  { atMs: 0, text: 'Loading...' },
  { atMs: 5_000, text: 'Scanning the entire market...' },
  { atMs: 9_000, text: 'Checking all possible combinations...' },
  { atMs: 13_000, text: 'Filtering out trades...' },
  { atMs: 18_000, text: 'Almost there...' },
];

export function loadingMessage(elapsedMs: number): string {
  let text = LOADING_STAGES[0]?.text ?? '';
  for (const stage of LOADING_STAGES) if (elapsedMs >= stage.atMs) text = stage.text;
  return text;
}

/** Milliseconds until the next message, or null after the last. */
export function nextStageIn(elapsedMs: number): number | null {
  const next = LOADING_STAGES.find((s) => s.atMs > elapsedMs);
  return next ? next.atMs - elapsedMs : null;
}
