/**
 * Ionic's elements, the shell's and the screens', are defined once the first screen shows its
 * content (`api/first-content.ts`), not during its first paint: none of them is what a screen
 * waits for, and with Ionic's runtime they weigh about 47 KiB gzip. Until then the elements are
 * drawn by `later-elements.css` in their final size and look, and a click on a segment button, a
 * checkbox, a tab or a submit button is handed to its component (the `onClick` of `Segment` in
 * IonCore.tsx, of `Checkbox` in IonControls.tsx, of `IonTabButton` and `IonButton` in
 * IonElements.tsx, while `undefinedElement` says the element is not defined yet), so nothing
 * moves or is lost as they upgrade in place. Start-up asks for them (main.tsx); on a screen
 * opened later they are there already.
 */
import { afterFirstContent } from '#app/api/first-content.ts';

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
