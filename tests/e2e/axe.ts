/**
 * axe-core in a real Chromium page: injects the engine Lighthouse's accessibility audit also runs
 * and returns the serious and critical violations it finds, across Ionic's open shadow roots.
 *
 * The page's context needs `bypassCSP: true` (openPage's option): the app's Content-Security-
 * Policy allows only its own scripts, and the engine is added as an inline script.
 *
 *   const found = await axeViolations(page, KNOWN);
 *   expect(found.fresh).toEqual([]);
 *
 * `known` lists violations already understood and left for later, each by rule id and a CSS
 * selector matched against the flagged element or one of its ancestors (through shadow hosts):
 * those are returned apart, so a test still fails on any other. It lives beside the e2e tests,
 * like contrast.ts, as its in-page half needs the DOM's types.
 */
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface KnownFinding {
  readonly rule: string;
  /** Matches the flagged element or an ancestor of it. */
  readonly selector: string;
  /** Why it is there and where its fix lies. */
  readonly why: string;
}

export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  /** axe's selector for the element; shadow-root steps joined by ` >>> `. */
  readonly target: string;
  readonly html: string;
  /** The selector of the known finding it matched, if any. */
  readonly known?: string;
}

export async function axeViolations(
  page: Page,
  known: readonly KnownFinding[] = [],
): Promise<{ fresh: AxeFinding[]; known: AxeFinding[] }> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.addScriptTag({ path: AXE_SCRIPT });
  const found = await page.evaluate(
    async (allowed) => {
      const engine = window.axe;
      if (!engine) throw new Error('axe-core did not load: is the context opened with bypassCSP?');
      const { violations } = await engine.run(document, { resultTypes: ['violations'] });
      /** The element for axe's selector in this document, through shadow roots. */
      const resolve = (target: unknown): Element | null => {
        const steps = Array.isArray(target) ? target : [target];
        let root: Document | ShadowRoot | null = document;
        let el: Element | null = null;
        for (const step of steps) {
          if (!root || typeof step !== 'string') return null;
          el = root.querySelector(step);
          root = el?.shadowRoot ?? null;
        }
        return el;
      };
      /** The first allowed selector the element or one of its composed ancestors matches. */
      const allowedBy = (rule: string, el: Element | null): string | undefined => {
        const selectors = allowed.filter((a) => a.rule === rule).map((a) => a.selector);
        for (let at: Element | null = el; at; ) {
          const hit = selectors.find((s) => at?.matches(s));
          if (hit) return hit;
          const parent: Element | null = at.parentElement;
          const root = at.getRootNode();
          at = parent ?? (root instanceof ShadowRoot ? root.host : null);
        }
        return undefined;
      };
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) =>
          v.nodes.map((n) => {
            // Only the page's own document: frames (a store's payment page) are their owners'.
            const first = n.target[0];
            return {
              rule: v.id,
              impact: v.impact ?? '',
              help: v.help,
              target: (Array.isArray(first) ? first : [first]).join(' >>> '),
              html: n.html.slice(0, 160),
              known: allowedBy(v.id, resolve(first)),
            };
          }),
        );
    },
    known.map(({ rule, selector }) => ({ rule, selector })),
  );
  return {
    fresh: found.filter((f) => f.known === undefined),
    known: found.filter((f) => f.known !== undefined),
  };
}
