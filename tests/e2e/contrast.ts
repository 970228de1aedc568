/**
 * Text contrast as a trader sees it, measured in the page (WCAG 2 AA: 4.5:1, 3:1 for large
 * text). For every visible text node: its colour, and the background it is drawn on, found by
 * walking up the composed tree (through Ionic's shadow roots and slots) and blending the
 * translucent backgrounds until an opaque one. Text over an image or gradient is left out (no
 * single background to measure), so are disabled controls (WCAG exempts them) and text in the
 * middle of an animation (a live value's flash).
 *
 * The same measure serves a control drawn without text (an icon button's glyph, stroked or
 * filled in its element's colour): WCAG 1.4.11 asks 3:1 of it against what is around it.
 */
import type { Page } from 'playwright-core';

export interface LowContrast {
  readonly text: string;
  readonly ratio: number;
  readonly needed: number;
  readonly color: string;
  readonly background: string;
  readonly element: string;
}

export function lowContrastText(page: Page): Promise<LowContrast[]> {
  return page.evaluate(measureInPage, null);
}

/**
 * The contrast of each element `selector` matches (a control's glyph: its `color` against the
 * background it is drawn on), needed 3:1, listed whatever the ratio.
 */
export function controlContrast(page: Page, selector: string): Promise<LowContrast[]> {
  return page.evaluate(measureInPage, selector);
}

/**
 * Runs in the page: with no selector, the text nodes under the needed contrast; with one, the
 * contrast of each element it matches, as a control.
 */
function measureInPage(control: string | null): LowContrast[] {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba | null => {
    const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(css);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3] + under[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const composedParent = (node: Node): Element | null => {
    const slot = (node as Element | Text).assignedSlot;
    if (slot) return slot;
    if (node.parentElement) return node.parentElement;
    const root = node.parentNode;
    return root instanceof ShadowRoot ? root.host : null;
  };
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;

  const found: {
    text: string;
    ratio: number;
    needed: number;
    color: string;
    background: string;
    element: string;
  }[] = [];
  const visitText = (text: Text) => {
    const content = text.data.trim();
    if (!content) return;
    const host = text.parentElement;
    if (!host || host.closest('svg, canvas, script, style, noscript, [disabled], [aria-disabled="true"]'))
      return;
    if (!host.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
    // A live value's flash is a passing highlight: measured at rest, not halfway through it.
    if (host.getAnimations().length > 0) return;
    const range = document.createRange();
    range.selectNodeContents(text);
    const box = range.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return;
    const style = getComputedStyle(host);
    const size = Number.parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const measured = measure(host, text.assignedSlot ?? host, content.slice(0, 60), needed);
    if (measured && measured.ratio < needed - 0.005) found.push(measured);
  };
  /** `host`'s colour over the backgrounds from `start` up; null over an image or gradient. */
  const measure = (host: Element, start: Element, content: string, needed: number) => {
    const style = getComputedStyle(host);
    const color = parse(style.color);
    if (!color) return null;
    // Walk up: blend the backgrounds, and the opacities the text is drawn with.
    let background: Rgba = [0, 0, 0, 0];
    let opacity = 1;
    let image = false;
    for (let el: Element | null = start; el; el = composedParent(el)) {
      const s = getComputedStyle(el);
      if (s.backgroundImage !== 'none') image = true;
      opacity *= Number(s.opacity);
      const bg = parse(s.backgroundColor);
      if (bg && bg[3] > 0) background = over(background, bg);
      if (background[3] >= 0.999 || image) break;
    }
    if (image) return null;
    // The canvas under everything: the page's colour scheme decides it.
    const canvas: Rgba =
      matchMedia('(prefers-color-scheme: dark)').matches &&
      getComputedStyle(document.documentElement).colorScheme.includes('dark')
        ? [18, 18, 18, 1]
        : [255, 255, 255, 1];
    background = over(background, canvas);
    const drawn = over([color[0], color[1], color[2], color[3] * opacity], background);
    const [hi, lo] = [luminance(drawn), luminance(background)].sort((a, b) => b - a) as [number, number];
    const ratio = (hi + 0.05) / (lo + 0.05);
    return {
      text: content,
      ratio: Math.round(ratio * 100) / 100,
      needed,
      color: style.color,
      background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
      element: describe(host),
    };
  };
  const walk = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
      if (n instanceof Text) visitText(n);
      else if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
    }
  };
  if (control !== null)
    return [...document.querySelectorAll(control)].flatMap((el) => measure(el, el, '', 3) ?? []);
  walk(document.body);
  return found;
}
