/**
 * Ionic's spinner for lazy screens, as a custom element straight from @ionic/core (see
 * IonCore.tsx). Apart from the segment: screens that draw only a spinner (the order editor,
 * the account and checkout pages) then load neither the segment nor its gesture.
 */
import { defineCustomElement as defineSpinner } from '@ionic/core/components/ion-spinner.js';
import { createElement } from 'react';

defineSpinner();

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return createElement('ion-spinner', { name: 'crescent', 'aria-label': label, role: 'status' });
}
