/**
 * The build's chunk of Ionic's elements, loaded once the first screen shows its content:
 * ion-later-elements.ts, the elements it defines and what they import or load from @ionic/core,
 * not the elements screens load on their own (lists, popovers).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ionicElementsGroup, staticIonicImports } from '#server/build/ionic-elements-chunk.ts';
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

  test('the group holds ion-later-elements.ts, its elements and every @ionic/core module they import', () => {
    const { test: holds } = ionicElementsGroup(projectRoot);
    const core = `${projectRoot}/node_modules/@ionic/core/components`;
    expect(holds(`${projectRoot}/src/app/components/ion-later-elements.ts`)).toBe(true);
    // The components drawing the elements are in the app's chunks, not in this download.
    expect(holds(`${projectRoot}/src/app/components/IonCore.tsx`)).toBe(false);
    expect(holds(`${projectRoot}/src/app/components/IonElements.tsx`)).toBe(false);
    const shell = ['ion-app.js', 'ion-content.js', 'ion-tab-button.js', 'ion-button.js', 'ion-toolbar.js'];
    for (const element of [
      ...shell,
      'ion-segment.js',
      'ion-segment-button.js',
      'ion-spinner.js',
      'ion-checkbox.js',
    ])
      expect(holds(`${core}/${element}`), element).toBe(true);
    // The segment's gesture module (a shared `p-` module of @ionic/core) comes with it.
    const imported = [
      ...readFileSync(`${core}/ion-segment.js`, 'utf8').matchAll(/from\s*["']\.\/(p-[\w-]+\.js)["']/g),
    ];
    expect(imported.length).toBeGreaterThan(0);
    for (const m of imported) expect(holds(`${core}/${m[1]}`), m[1]).toBe(true);
    for (const lazy of ['ion-list.js', 'ion-item.js', 'ion-popover.js', 'ion-nav.js'])
      expect(holds(`${core}/${lazy}`), lazy).toBe(false);
  });
});
