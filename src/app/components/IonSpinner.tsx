/**
 * Ionic's spinner for lazy screens, as a custom element straight from @ionic/core (see
 * IonCore.tsx), defined once the first screen shows its content (`later-elements.ts`); until
 * then `later-elements.css` draws the same turning crescent.
 */
import { createElement } from 'react';
import { defineLaterElements } from './later-elements.ts';

void defineLaterElements();

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return createElement('ion-spinner', { name: 'crescent', 'aria-label': label, role: 'status' });
}
