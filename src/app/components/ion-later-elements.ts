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
  initialize({ mode: 'md' });
  defineApp();
  defineButton();
  // Undefined, an ion-content scrolls itself; defined, an element of its shadow root scrolls, from
  // the top. A page scrolled meanwhile (a reader, an address's #section) stays where it is.
  const scrolled = [...document.querySelectorAll('ion-content')].filter((content) => content.scrollTop > 0);
  const tops = scrolled.map((content) => content.scrollTop);
  defineContent();
  scrolled.forEach((content, i) => {
    void content.getScrollElement().then((scroller) => {
      scroller.scrollTop = tops[i] ?? 0;
    });
  });
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
