import { describe, expect, test } from 'vitest';
import {
  nextStep,
  previousStep,
  storeWalkthroughOn,
  WALKTHROUGH_STEPS,
  WALKTHROUGH_STORAGE_KEY,
  WALKTHROUGH_TARGETS,
  walkthroughOn,
  walkthroughSelector,
} from '#app/screens/scan/walkthrough/walkthrough-steps.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
};

test('the steps follow the spec order, one per target', () => {
  expect(WALKTHROUGH_STEPS.map((s) => s.id)).toEqual([
    'strategy',
    'defaultFilters',
    'addFilters',
    'runScan',
    'resultRow',
    'similarTrades',
    'scanTitle',
    'save',
    'export',
    'myScans',
    'help',
  ]);
  expect(Object.keys(WALKTHROUGH_TARGETS).sort()).toEqual(WALKTHROUGH_STEPS.map((s) => s.id).sort());
  expect(new Set(Object.values(WALKTHROUGH_TARGETS)).size).toBe(WALKTHROUGH_STEPS.length);
  expect(WALKTHROUGH_STEPS[2]?.text).toContain('Over 100 filters');
  expect(WALKTHROUGH_STEPS.at(-1)?.text).toContain('help chat');
});

test('selectors name the data attribute', () => {
  expect(walkthroughSelector('runScan')).toBe('[data-walkthrough="run-scan"]');
});

describe('on/off state', () => {
  test('nothing stored: on (first run); stored strings true and false', () => {
    expect(walkthroughOn(memoryStorage())).toBe(true);
    expect(walkthroughOn(memoryStorage({ [WALKTHROUGH_STORAGE_KEY]: 'true' }))).toBe(true);
    expect(walkthroughOn(memoryStorage({ [WALKTHROUGH_STORAGE_KEY]: 'false' }))).toBe(false);
  });

  test('stored as the strings true and false', () => {
    const storage = memoryStorage();
    storeWalkthroughOn(storage, false);
    expect(storage.items.get(WALKTHROUGH_STORAGE_KEY)).toBe('false');
    storeWalkthroughOn(storage, true);
    expect(storage.items.get(WALKTHROUGH_STORAGE_KEY)).toBe('true');
  });

  test('a storage that throws: off, and storing is a no-op', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(walkthroughOn(broken)).toBe(false);
    expect(() => storeWalkthroughOn(broken, true)).not.toThrow();
  });
});

test('stepping', () => {
  expect(nextStep(0)).toBe(1);
  expect(nextStep(WALKTHROUGH_STEPS.length - 1)).toBeNull();
  expect(previousStep(0)).toBe(0);
  expect(previousStep(3)).toBe(2);
});
