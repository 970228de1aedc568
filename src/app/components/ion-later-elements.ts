/**
 * The Ionic elements every screen draws, with Ionic's runtime and its md mode: the shell's (app,
 * header, toolbar, content, footer, tab bar, buttons, labels) and the screens' segment (with the
 * gesture it loads as it connects), spinner and checkbox. No first paint waits for them: this
 * module is their build chunk (`src/server/build/ionic-elements-chunk.ts` reads its static
 * imports), loaded through `later-elements.ts` once the first screen shows its content.
 */
import { initialize } from '@ionic/core/components/index.js';
import { defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';
import { defineCustomElement as defineButton } from '@ionic/core/components/ion-button.js';
import { defineCustomElement as defineCheckbox } from '@ionic/core/components/ion-checkbox.js';
import { defineCustomElement as defineContent } from '@ionic/core/components/ion-content.js';
import { defineCustomElement as defineFooter } from '@ionic/core/components/ion-footer.js';
import { defineCustomElement as defineHeader } from '@ionic/core/components/ion-header.js';
import { defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { defineCustomElement as defineSegment } from '@ionic/core/components/ion-segment.js';
import { defineCustomElement as defineSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import { defineCustomElement as defineSpinner } from '@ionic/core/components/ion-spinner.js';
import { defineCustomElement as defineTabBar } from '@ionic/core/components/ion-tab-bar.js';
import { defineCustomElement as defineTabButton } from '@ionic/core/components/ion-tab-button.js';
import { defineCustomElement as defineToolbar } from '@ionic/core/components/ion-toolbar.js';

export function defineLaterElements(): void {
  // Undefined, an ion-content scrolls itself; defined, an element of its shadow root scrolls, from
  // the top. A page scrolled meanwhile (a reader, an address's #section) stays where it is.
  const scrolled = [...document.querySelectorAll('ion-content')]
    .filter((content) => content.scrollTop > 0)
    .map((content) => ({ content, top: content.scrollTop }));
  initialize({ mode: 'md' });
  defineApp();
  defineButton();
  defineContent();
  for (const { content, top } of scrolled) keepScrollTop(content, top);
  defineFooter();
  defineHeader();
  defineLabel();
  defineTabBar();
  defineTabButton();
  defineToolbar();
  defineSegment();
  defineSegmentButton();
  defineSpinner();
  defineCheckbox();
}

/**
 * Holds the inner scroller of a just-defined ion-content at `top` until the element is ready: set
 * as soon as its render inserts it (a mutation observer runs before that frame is painted, so no
 * frame shows the page at the top), again whenever its size changes (the header, defined in the
 * same breath, has no height until its own render: the first placement may be clamped), and a
 * last time once ready, when the elements inside have drawn. A navigation meanwhile (a link to
 * another page or to an address's #section) leaves the new page's scroll to the router.
 */
function keepScrollTop(content: HTMLIonContentElement, top: number): void {
  const root = content.shadowRoot;
  if (!root) return;
  const href = location.href;
  const place = (scroller: Element): void => {
    if (location.href === href) scroller.scrollTop = top;
  };
  const sizes = new ResizeObserver((entries) => {
    for (const entry of entries) place(entry.target);
  });
  const found = (): boolean => {
    const scroller = root.querySelector('[part="scroll"]');
    if (scroller) {
      sizes.observe(scroller);
      place(scroller);
    }
    return scroller !== null;
  };
  const inserted = new MutationObserver(() => {
    if (found()) inserted.disconnect();
  });
  if (!found()) inserted.observe(root, { childList: true, subtree: true });
  void content.getScrollElement().then((scroller) => {
    inserted.disconnect();
    sizes.disconnect();
    place(scroller);
  });
}
