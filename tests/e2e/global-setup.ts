/**
 * Before any browser test: make sure Chromium is there (installed from Debian when missing
 * and running as root) and build the app the tests will be served.
 */

import { buildApp } from '#server/cli/build-app.ts';
import { projectRoot } from '#server/config.ts';
import { ensureChromium } from '../support/system-deps.ts';

export default function setup(): void {
  ensureChromium();
  buildApp(projectRoot);
}
