/**
 * The Ionic elements lazy screens draw but their first paint can do without: ion-segment (with
 * the gesture it loads as it connects), ion-spinner and ion-checkbox. This module is their build
 * chunk (`src/server/build/ionic-elements-chunk.ts` reads its static imports); screens load it
 * through `later-elements.ts`, once the first screen shows its content.
 */
import { defineCustomElement as defineCheckbox } from '@ionic/core/components/ion-checkbox.js';
import { defineCustomElement as defineSegment } from '@ionic/core/components/ion-segment.js';
import { defineCustomElement as defineSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import { defineCustomElement as defineSpinner } from '@ionic/core/components/ion-spinner.js';

export function defineLaterElements(): void {
  defineSegment();
  defineSegmentButton();
  defineSpinner();
  defineCheckbox();
}
