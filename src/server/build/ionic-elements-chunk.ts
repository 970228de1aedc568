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
const CORE_COMPONENTS = 'node_modules/@ionic/core/components';

/** The @ionic/core component modules a module imports statically (its `import()`s are lazy). */
export const staticIonicImports = (source: string): string[] =>
  [...source.matchAll(/^import [^;]*? from '@ionic\/core\/components\/(ion-[a-z-]+\.js)';$/gm)].map(
    (m) => m[1] ?? '',
  );

/** `files` and the @ionic/core modules they import, directly or not (file names in `dir`). */
function withImports(dir: string, files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/from\s*["']\.\/([\w-]+\.js)["']/g))
      if (m[1]) visit(m[1]);
  };
  for (const file of files) visit(file);
  return seen;
}

/** The code-splitting group holding IonElements.tsx and the @ionic/core modules it needs at start. */
export function ionicElementsGroup(root: string) {
  const core = join(root, CORE_COMPONENTS);
  const files = withImports(core, staticIonicImports(readFileSync(join(root, ELEMENTS_MODULE), 'utf8')));
  return {
    name: 'ionic-elements',
    test: (id: string) => {
      const path = id.replaceAll('\\', '/');
      if (path.endsWith(`/${ELEMENTS_MODULE}`)) return true;
      const at = path.lastIndexOf('/@ionic/core/components/');
      return at >= 0 && files.has(path.slice(at + '/@ionic/core/components/'.length));
    },
  };
}
