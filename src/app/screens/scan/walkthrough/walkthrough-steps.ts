/**
 * The Scan page's first-run walkthrough (spec 2 §1): its steps in the spec's order, the page
 * elements they point at, and its on/off state, kept in localStorage as the string 'true' or
 * 'false'. A first visit (nothing stored) starts it; leaving it by Skip or Done stores 'false';
 * the restart icon stores 'true' and starts over.
 */

export const WALKTHROUGH_STORAGE_KEY = 'optionscout.walkthrough';

/**
 * The `data-walkthrough` value each step points at. The Scan page puts these on its elements,
 * e.g. `<div data-walkthrough={WALKTHROUGH_TARGETS.strategy}>`; a step whose element is missing
 * is shown in the middle of the screen.
 */
export const WALKTHROUGH_TARGETS = {
  /** The strategy picker of the definition panel. */
  strategy: 'strategy-picker',
  /** The list of active filters (the strategy's defaults at first). */
  defaultFilters: 'default-filters',
  /** The ADD FILTERS button. */
  addFilters: 'add-filters',
  /** The RUN SCAN button. */
  runScan: 'run-scan',
  /** The results table (a row click opens the Analyze panel). */
  resultRow: 'results-table',
  /** The expand control of a ticker's similar trades (the first row's). */
  similarTrades: 'similar-trades',
  /** The editable scan title. */
  scanTitle: 'scan-title',
  /** The SAVE button. */
  save: 'save-scan',
  /** The EXPORT menu. */
  export: 'export-menu',
  /** The 'All Scans' breadcrumb link (the my-scans dashboard). */
  myScans: 'my-scans',
  /** The help link or chat launcher. */
  help: 'help',
} as const;
export type WalkthroughStepId = keyof typeof WALKTHROUGH_TARGETS;

/** The CSS selector of a step's element. */
export const walkthroughSelector = (id: WalkthroughStepId): string =>
  `[data-walkthrough="${WALKTHROUGH_TARGETS[id]}"]`;

export interface WalkthroughStep {
  readonly id: WalkthroughStepId;
  readonly title: string;
  readonly text: string;
}

export const WALKTHROUGH_STEPS: readonly WalkthroughStep[] = [
  {
    id: 'strategy',
    title: 'Choose a strategy',
    text: 'Start by picking the options strategy to scan the market for.',
  },
  {
    id: 'defaultFilters',
    title: 'Default filters',
    text: 'Each strategy starts with sensible default filters. Change their values to suit your trading.',
  },
  {
    id: 'addFilters',
    title: 'Add filters',
    text: 'Over 100 filters are available: fundamentals, technicals, option data, greeks and more.',
  },
  { id: 'runScan', title: 'Perform a scan', text: 'Run the scan to find the trades that fit every filter.' },
  {
    id: 'resultRow',
    title: 'Trade details',
    text: 'Click a row to analyze the trade: its legs, P/L profile, the stock and its options.',
  },
  {
    id: 'similarTrades',
    title: 'Similar trades',
    text: 'Expand a symbol to see its other trades that fit the filters.',
  },
  { id: 'scanTitle', title: 'Name your scan', text: 'Give the scan a name you will recognise later.' },
  { id: 'save', title: 'Save it', text: 'Save the scan to run it again, or watch it for e-mail alerts.' },
  { id: 'export', title: 'Export results', text: 'Export the results to a spreadsheet.' },
  {
    id: 'myScans',
    title: 'My scans',
    text: 'All your saved and predefined scans are on the My Scans dashboard.',
  },
  {
    id: 'help',
    title: 'Help',
    text: 'Help articles and a help chat are here whenever you need them. Restart this tour from its icon.',
  },
];

/** Whether the walkthrough shows: anything but a stored 'false' (so a first visit starts it). */
export function walkthroughOn(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(WALKTHROUGH_STORAGE_KEY) !== 'false';
  } catch {
    // Storage refused (private mode): do not nag on every visit.
    return false;
  }
}

export function storeWalkthroughOn(storage: Pick<Storage, 'setItem'>, on: boolean): void {
  try {
    storage.setItem(WALKTHROUGH_STORAGE_KEY, on ? 'true' : 'false');
  } catch {
    // Nothing to keep it in: the state lasts for this visit only.
  }
}

/** The step after `index`, or null past the last one (the walkthrough ends). */
export const nextStep = (index: number): number | null =>
  index + 1 < WALKTHROUGH_STEPS.length ? index + 1 : null;

export const previousStep = (index: number): number => Math.max(0, index - 1);
