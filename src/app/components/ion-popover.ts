/**
 * @ionic/react's popover alone, the module IonElements.tsx loads when a popover first opens: a
 * dynamic import of @ionic/react itself would keep every one of its exports, and with them all of
 * Ionic's components.
 */
export { IonPopover } from '@ionic/react';
