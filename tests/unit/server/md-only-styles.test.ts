/**
 * The build keeps only the Material Design stylesheets of @ionic/core's components: the app
 * draws every element in md mode, and the iOS ones weighed on every screen's first download.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { withoutIosStyles } from '#server/build/md-only-styles.ts';
import { projectRoot } from '#server/config.ts';

const COMPONENTS = join(projectRoot, 'node_modules/@ionic/core/components');
const IOS = /style\(\)\{return\{ios:/g;

describe('md-only styles', () => {
  test('the iOS stylesheet is emptied in each quote style, escapes included; the md one is kept', () => {
    const code = [
      'get style(){return{ios:":host{content:\\"a\\"}",md:":host{color:red}"}}',
      "get style(){return{ios:':host{content:\\'b\\'}',md:':host{color:blue}'}}",
      'get style(){return{ios:`:host{}`,md:`:host{color:green}`}}',
    ].join(';');
    expect(withoutIosStyles(code)).toBe(
      [
        'get style(){return{ios:"",md:":host{color:red}"}}',
        'get style(){return{ios:"",md:\':host{color:blue}\'}}',
        'get style(){return{ios:"",md:`:host{color:green}`}}',
      ].join(';'),
    );
  });

  test('every @ionic/core component module with an iOS stylesheet loses it and keeps its md one', () => {
    const modules = readdirSync(COMPONENTS).filter((name) => name.endsWith('.js'));
    let styled = 0;
    for (const name of modules) {
      const code = readFileSync(join(COMPONENTS, name), 'utf8');
      const count = code.match(IOS)?.length ?? 0;
      if (count === 0) continue;
      styled += 1;
      const out = withoutIosStyles(code);
      expect(out.match(/style\(\)\{return\{ios:"",md:/g)?.length, name).toBe(count);
    }
    expect(styled).toBeGreaterThan(40);
  });
});
