/** The Scan page's walkthrough (spec 2 §1): order, restart, and its 'true'/'false' in localStorage. */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { Walkthrough } from '#app/screens/scan/walkthrough/Walkthrough.tsx';
import {
  WALKTHROUGH_STEPS,
  WALKTHROUGH_STORAGE_KEY,
  WALKTHROUGH_TARGETS,
} from '#app/screens/scan/walkthrough/walkthrough-steps.ts';

afterEach(() => localStorage.clear());

const card = () => screen.queryByRole('dialog', { name: 'Walkthrough' });
const stepTitle = () => card()?.querySelector('h2')?.textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: /^(Next|Done)$/ }));

/** A page carrying the walkthrough's targets, as the Scan page does. */
function Page() {
  return (
    <div>
      {Object.values(WALKTHROUGH_TARGETS).map((t) => (
        <span key={t} data-walkthrough={t}>
          {t}
        </span>
      ))}
      <Walkthrough />
    </div>
  );
}

test('a first visit starts it, stores true, and walks every step in order', () => {
  render(<Page />);
  expect(localStorage.getItem(WALKTHROUGH_STORAGE_KEY)).toBe('true');
  const seen: (string | null | undefined)[] = [];
  for (let i = 0; i < WALKTHROUGH_STEPS.length; i += 1) {
    expect(card()?.textContent).toContain(`Step ${i + 1} of ${WALKTHROUGH_STEPS.length}`);
    seen.push(stepTitle());
    next();
  }
  expect(seen).toEqual(WALKTHROUGH_STEPS.map((s) => s.title));
  expect(seen.slice(0, 4)).toEqual(['Choose a strategy', 'Default filters', 'Add filters', 'Perform a scan']);
  // Done on the last step exits.
  expect(card()).toBeNull();
  expect(localStorage.getItem(WALKTHROUGH_STORAGE_KEY)).toBe('false');
});

test('Back steps back; the first step has no Back', () => {
  render(<Page />);
  expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  next();
  next();
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(stepTitle()).toBe(WALKTHROUGH_STEPS[1]?.title);
});

test('Skip and Escape exit and store false; a later visit does not start it', () => {
  const first = render(<Page />);
  fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
  expect(card()).toBeNull();
  expect(localStorage.getItem(WALKTHROUGH_STORAGE_KEY)).toBe('false');
  first.unmount();

  localStorage.setItem(WALKTHROUGH_STORAGE_KEY, 'true');
  const second = render(<Page />);
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(card()).toBeNull();
  expect(localStorage.getItem(WALKTHROUGH_STORAGE_KEY)).toBe('false');
  second.unmount();

  render(<Page />);
  expect(card()).toBeNull();
});

test('the icon restarts it from the first step and stores true', () => {
  localStorage.setItem(WALKTHROUGH_STORAGE_KEY, 'false');
  render(<Page />);
  expect(card()).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Restart the walkthrough' }));
  expect(stepTitle()).toBe('Choose a strategy');
  expect(localStorage.getItem(WALKTHROUGH_STORAGE_KEY)).toBe('true');
  next();
  next();
  fireEvent.click(screen.getByRole('button', { name: 'Restart the walkthrough' }));
  expect(stepTitle()).toBe('Choose a strategy');
});

test('each step rings its element; a missing element centres the card', () => {
  render(<Page />);
  expect(document.querySelector('.walkthrough-highlight')).not.toBeNull();
  document.querySelector(`[data-walkthrough="${WALKTHROUGH_TARGETS.defaultFilters}"]`)?.remove();
  next();
  expect(stepTitle()).toBe('Default filters');
  expect(document.querySelector('.walkthrough-highlight')).toBeNull();
  expect(card()?.style.transform).toBe('translate(-50%, -50%)');
});
