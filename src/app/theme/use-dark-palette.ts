/**
 * Whether the dark palette is on now (the `ion-palette-dark` class on <html>), for what CSS
 * cannot colour: the text and grid that charts draw on their canvas.
 */
import { useSyncExternalStore } from 'react';

const isDarkNow = () => document.documentElement.classList.contains('ion-palette-dark');

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

export function useDarkPalette(): boolean {
  return useSyncExternalStore(subscribe, isDarkNow, () => false);
}
