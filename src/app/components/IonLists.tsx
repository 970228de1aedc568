/**
 * `IonList` and `IonItem` with their elements defined as this module loads, for screens whose
 * items must behave as Ionic's from their first render (a disabled item takes no click).
 * IonElements.tsx defines them on their first render only, which keeps them out of every
 * screen's first download but leaves a moment where an item is a plain element: fine for items
 * that only lay out content, or inside a popover (it waits for them).
 */
import { defineCustomElement as defineItem } from '@ionic/core/components/ion-item.js';
import { defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';

defineList();
defineItem();

export { IonItem, IonList } from './IonElements.tsx';
