/**
 * The build's chunk of the Ionic elements every screen's first paint draws: the shell's elements
 * (`src/app/components/IonElements.tsx`, with the @ionic/core component modules it defines at
 * start) and every module of @ionic/core those import, the Stencil runtime included. Left to
 * itself, the bundler split them into a dozen small chunks shared with lazy screens, all loaded at
 * the first paint and each compressed on its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ELEMENTS_MODULE = 'src/app/components/IonElements.tsx';
const LATER_MODULE = 'src/app/components/ion-later-elements.ts';
const CORE_COMPONENTS = 'node_modules/@ionic/core/components';

/** The @ionic/core component modules a module imports statically (its `import()`s are lazy). */
export const staticIonicImports = (source: string): string[] =>
  [...source.matchAll(/^import [^;]*? from '@ionic\/core\/components\/(ion-[a-z-]+\.js)';$/gm)].map(
    (m) => m[1] ?? '',
  );

/**
 * `files` and the @ionic/core modules they import, directly or not (file names in `dir`); with
 * `lazy`, the modules they load with `import()` too.
 */
function withImports(dir: string, files: readonly string[], lazy = false): Set<string> {
  const seen = new Set<string>();
  const pattern = lazy ? /(?:from\s*|import\()["']\.\/([\w-]+\.js)["']/g : /from\s*["']\.\/([\w-]+\.js)["']/g;
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(pattern)) if (m[1]) visit(m[1]);
  };
  for (const file of files) visit(file);
  return seen;
}

/**
 * A code-splitting group: `module` (an app file that defines Ionic elements) with every
 * @ionic/core module it needs at start (with `lazy`, also those its elements load as they
 * connect). A module two groups need goes to the first listed.
 */
export function ionicGroup(root: string, name: string, module: string, lazy = false) {
  const core = join(root, CORE_COMPONENTS);
  const files = withImports(core, staticIonicImports(readFileSync(join(root, module), 'utf8')), lazy);
  return {
    name,
    test: (id: string) => {
      const path = id.replaceAll('\\', '/');
      if (path.endsWith(`/${module}`)) return true;
      const at = path.lastIndexOf('/@ionic/core/components/');
      return at >= 0 && files.has(path.slice(at + '/@ionic/core/components/'.length));
    },
  };
}

/** The group of the shell's elements, in every screen's first download. */
export const ionicElementsGroup = (root: string) => ionicGroup(root, 'ionic-elements', ELEMENTS_MODULE);

/**
 * The group of the elements lazy screens define once the first screen shows its content
 * (segment, spinner, checkbox) with what they import and load as they connect: the segment loads
 * its gesture module with `import()` once drawn, which would otherwise be one more small chunk.
 */
export const ionicLaterGroup = (root: string) => ionicGroup(root, 'ion-later-elements', LATER_MODULE, true);
