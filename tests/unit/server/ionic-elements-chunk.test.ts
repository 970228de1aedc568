/**
 * The build's chunk of the Ionic elements the first paint draws: IonElements.tsx's statically
 * defined elements and what they import from @ionic/core, not the elements it loads lazily.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  ionicElementsGroup,
  ionicLaterGroup,
  staticIonicImports,
} from '#server/build/ionic-elements-chunk.ts';
import { projectRoot } from '#server/config.ts';

describe('ionic elements chunk', () => {
  test('only static imports of @ionic/core components count; lazy ones stay out', () => {
    const source = [
      "import { defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';",
      "import { defineCustomElement as defineTabBar } from '@ionic/core/components/ion-tab-bar.js';",
      "import type * as IonReact from '@ionic/react';",
      "  listElements ??= import('@ionic/core/components/ion-list.js');",
    ].join('\n');
    expect(staticIonicImports(source)).toEqual(['ion-app.js', 'ion-tab-bar.js']);
  });

  test("the group holds IonElements.tsx, the shell's elements and their @ionic/core imports, not lazy elements", () => {
    const { test: holds } = ionicElementsGroup(projectRoot);
    const core = `${projectRoot}/node_modules/@ionic/core/components`;
    expect(holds(`${projectRoot}/src/app/components/IonElements.tsx`)).toBe(true);
    expect(holds(`${core}/ion-tab-button.js`)).toBe(true);
    expect(holds(`${core}/ion-content.js`)).toBe(true);
    for (const lazy of ['ion-list.js', 'ion-item.js', 'ion-popover.js', 'ion-segment.js', 'ion-nav.js'])
      expect(holds(`${core}/${lazy}`), lazy).toBe(false);
    expect(holds(`${projectRoot}/src/app/components/ion-later-elements.ts`)).toBe(false);
  });

  test("the later elements' group holds ion-later-elements.ts, its elements and every @ionic/core module they import", () => {
    const { test: holds } = ionicLaterGroup(projectRoot);
    const core = `${projectRoot}/node_modules/@ionic/core/components`;
    expect(holds(`${projectRoot}/src/app/components/ion-later-elements.ts`)).toBe(true);
    // The segment's screen-side component is in the screens' chunks, not in the later download.
    expect(holds(`${projectRoot}/src/app/components/IonCore.tsx`)).toBe(false);
    for (const element of ['ion-segment.js', 'ion-segment-button.js', 'ion-spinner.js', 'ion-checkbox.js'])
      expect(holds(`${core}/${element}`), element).toBe(true);
    // The segment's gesture module (a shared `p-` module of @ionic/core) comes with it.
    const imported = [
      ...readFileSync(`${core}/ion-segment.js`, 'utf8').matchAll(/from\s*["']\.\/(p-[\w-]+\.js)["']/g),
    ];
    expect(imported.length).toBeGreaterThan(0);
    for (const m of imported) expect(holds(`${core}/${m[1]}`), m[1]).toBe(true);
    expect(holds(`${core}/ion-popover.js`)).toBe(false);
  });
});
