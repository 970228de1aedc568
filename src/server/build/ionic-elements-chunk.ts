/**
 * The build's chunk of Ionic's elements (`src/app/components/ion-later-elements.ts`, loaded once
 * the first screen shows its content): the elements it defines, every module of @ionic/core
 * those import, the Stencil runtime included, and those they load with `import()` as they
 * connect. Left to itself, the bundler split them into a dozen small chunks, each compressed on
 * its own and asked for on its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ELEMENTS_MODULE = 'src/app/components/ion-later-elements.ts';
const CORE_COMPONENTS = 'node_modules/@ionic/core/components';

/** The @ionic/core component modules a module imports statically (its `import()`s are lazy). */
export const staticIonicImports = (source: string): string[] =>
  [...source.matchAll(/^import [^;]*? from '@ionic\/core\/components\/(ion-[a-z-]+\.js)';$/gm)].map(
    (m) => m[1] ?? '',
  );

/**
 * `files` and the @ionic/core modules they import or load with `import()`, directly or not (file
 * names in `dir`).
 */
function withImports(dir: string, files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(
      /(?:from\s*|import\()["']\.\/([\w-]+\.js)["']/g,
    ))
      if (m[1]) visit(m[1]);
  };
  for (const file of files) visit(file);
  return seen;
}

/**
 * The code-splitting group of Ionic's elements: their module and every @ionic/core module they
 * import or load as they connect (the segment loads its gesture with `import()` once drawn, the
 * app its tap and focus helpers).
 */
export function ionicElementsGroup(root: string) {
  const core = join(root, CORE_COMPONENTS);
  const files = withImports(core, staticIonicImports(readFileSync(join(root, ELEMENTS_MODULE), 'utf8')));
  return {
    name: 'ion-later-elements',
    test: (id: string) => {
      const path = id.replaceAll('\\', '/');
      if (path.endsWith(`/${ELEMENTS_MODULE}`)) return true;
      const at = path.lastIndexOf('/@ionic/core/components/');
      return at >= 0 && files.has(path.slice(at + '/@ionic/core/components/'.length));
    },
  };
}
