/**
 * Ionic's segment, spinner and checkbox are defined once the first screen shows its content
 * (`api/first-content.ts`), not during its first paint: none of them is what a screen waits
 * for, and together with the segment's gesture they weigh about 13 KiB gzip. Until then the
 * elements are drawn by `later-elements.css` in their final size and look, and a click on a
 * segment button or a checkbox is handed to its component (the `onClick` of `Segment` in
 * IonCore.tsx and of `Checkbox` in IonControls.tsx, while `undefinedElement` says the element is
 * not defined yet), so nothing moves or is lost as they upgrade in place. On a screen opened later
 * they load at once.
 */
import { afterFirstContent } from '#app/api/first-content.ts';
import './later-elements.css';

let defining: Promise<void> | undefined;

/**
 * Defines the elements once the first screen shows its content (at once after that); once. A load
 * that failed (a new version deployed while the tab was open, a dropped connection) is tried again
 * at the next call; until then the stylesheet and the click handlers stand in, so the failure is
 * not an error of the page.
 */
export function defineLaterElements(): Promise<void> {
  defining ??= afterFirstContent()
    .then(() => import('./ion-later-elements.ts'))
    .then((m) => m.defineLaterElements())
    .catch(() => {
      defining = undefined;
    });
  return defining;
}

/** Whether `tag` is still waiting for its definition (an undefined element has no behaviour). */
export const undefinedElement = (tag: string): boolean => customElements.get(tag) === undefined;
