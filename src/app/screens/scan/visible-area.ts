/**
 * The part of the window the page shows: below the app's header, above the phone's tab bar.
 * Floating elements (menus, the walkthrough's card) keep inside it, never under the bars.
 */
export interface VisibleArea {
  /** Window y of the area's top and bottom, in CSS pixels. */
  readonly top: number;
  readonly bottom: number;
}

export function visibleArea(): VisibleArea {
  const shown = (selector: string) => {
    const r = document.querySelector(selector)?.getBoundingClientRect();
    return r && r.height > 0 ? r : null;
  };
  return {
    top: shown('.app-header')?.bottom ?? 0,
    bottom: shown('.app-tab-bar')?.top ?? window.innerHeight,
  };
}
