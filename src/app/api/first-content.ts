/**
 * The moment the first screen shows its content: what the app runs in the background (the
 * service worker's registration, the pending-writes queue, the live connection) waits for it,
 * so none of its code is fetched while that screen still loads (docs/ARCHITECTURE.md, "What
 * loads when"). The screen has its content once the router has resolved it and no API request
 * has started or been in flight for `QUIET_MS`, then an idle moment of the browser (a request
 * that starts as the previous answer renders, such as a scan's run after its definition, keeps
 * it waiting). At most `FIRST_CONTENT_MAX_MS` after start-up, whatever the screen still does.
 *
 * Start-up arms the wait (`awaitFirstContent`); until then, and after, nothing waits.
 */
export const FIRST_CONTENT_MAX_MS = 5000;
/** How long no request may start or be in flight before the screen counts as shown. */
export const QUIET_MS = 250;

let inFlight = 0;
/** Requests started so far: one started during the quiet time restarts it. */
let started = 0;
let resolved = false;
let reached = true;
let markReached: () => void = () => {};
let firstContent = Promise.resolve();

function reach(): void {
  if (reached) return;
  reached = true;
  markReached();
}

const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
};

function settle(): void {
  if (reached || !resolved || inFlight > 0) return;
  const startedBefore = started;
  setTimeout(
    () =>
      whenIdle(() => {
        if (inFlight === 0 && started === startedBefore) reach();
      }),
    QUIET_MS,
  );
}

/** Start-up: background work waits for the first screen's content from now on. */
export function awaitFirstContent(): void {
  reached = false;
  firstContent = new Promise<void>((resolve) => {
    markReached = resolve;
  });
  setTimeout(reach, FIRST_CONTENT_MAX_MS);
}

/** The router has resolved the first screen: its code is loaded, its requests start as it renders. */
export function firstScreenResolved(): void {
  resolved = true;
  settle();
}

/** Runs `request`, counted as in flight until it settles. */
export async function inFlightWhile<T>(request: () => Promise<T>): Promise<T> {
  inFlight += 1;
  started += 1;
  try {
    return await request();
  } finally {
    inFlight -= 1;
    settle();
  }
}

/** Resolves once the first screen shows its content (at once when start-up did not arm the wait). */
export const afterFirstContent = (): Promise<void> => firstContent;

/** True once the first screen shows its content (or when start-up did not arm the wait). */
export const firstContentShown = (): boolean => reached;
