/**
 * The Ionic components the shell and the screens draw, as @ionic/core's custom elements rendered
 * by React 19 itself (it sets an element's properties and listens to `on<event>` props as the
 * element's own events: `onionTabButtonClick` → `ionTabButtonClick`). Same names and props as
 * @ionic/react's, so a file moves over by its import line. The elements are defined once the
 * first screen shows its content, with Ionic's runtime (`later-elements.ts`); until then
 * `later-elements.css` draws them, and the wrappers below do on a click what the defined element
 * would (a tab opens, a submit button submits).
 *
 * @ionic/react is one module whose top level also defines its router outlet, tabs, back button and
 * nav stack with their page transitions: imported by the shell, all of it was in every screen's
 * first download, though TanStack Router navigates and none of it is used. Only the popover is
 * still @ionic/react's (its inline-overlay handling keeps React's tree around the element Ionic
 * moves), loaded when one first opens; ion-list and ion-item, seen in popovers, menus and a few
 * settings, are defined on their first render, or before it where an item must act as Ionic's
 * from the start (`defineListElements`: a disabled item takes no click). Icons are drawn without
 * ionicons' element, which brings a second Stencil runtime of its own.
 */
import type * as IonReact from '@ionic/react';
import {
  Children,
  type ComponentProps,
  cloneElement,
  createElement,
  isValidElement,
  useEffect,
  useState,
} from 'react';
import './ion-icon.css';
// The elements' look until they are defined (later-elements.ts), the screens' segment and checkbox too.
import './later-elements.css';
import { undefinedElement } from './later-elements.ts';

type Component = {
  [K in keyof typeof IonReact]: (typeof IonReact)[K] extends React.JSXElementConstructor<never> ? K : never;
}[keyof typeof IonReact];
type Props<C extends Component> = ComponentProps<(typeof IonReact)[C]>;

const dashed = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** The attributes `draw` wrote on each element, so a prop that went away is removed. */
const written = new WeakMap<Element, Set<string>>();

/**
 * `tag` with `props`. React sets a defined element's properties only; Ionic's wrappers also write
 * text, number and boolean props as attributes (`ion-tab-button[tab="trades"]`), so this does too.
 */
function draw(tag: string, props: object, ...children: React.ReactNode[]) {
  const attributes = new Map<string, string | null>();
  for (const [name, value] of Object.entries(props)) {
    if (/^(on[A-Za-z]|children$|className$|style$|key$|ref$)/.test(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') attributes.set(dashed(name), String(value));
    else if (typeof value === 'boolean') attributes.set(dashed(name), value ? '' : null);
  }
  const ref = (node: Element | null) => {
    if (!node) return;
    const before = written.get(node) ?? new Set<string>();
    for (const name of before) if (!attributes.has(name)) node.removeAttribute(name);
    for (const [name, value] of attributes) {
      if (value === null) node.removeAttribute(name);
      else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
    written.set(node, new Set(attributes.keys()));
  };
  return createElement(tag, { ...props, ref }, ...children);
}

/** A component drawing the custom element `tag` with the props it is given. */
const element =
  <C extends Component>(tag: string) =>
  (props: Props<C>) =>
    draw(tag, props);

export const IonApp = element<'IonApp'>('ion-app');
export const IonContent = element<'IonContent'>('ion-content');
export const IonFooter = element<'IonFooter'>('ion-footer');
export const IonHeader = element<'IonHeader'>('ion-header');
export const IonToolbar = element<'IonToolbar'>('ion-toolbar');
export const IonLabel = element<'IonLabel'>('ion-label');

const SVG_ICON = 'data:image/svg+xml;utf8,';

/**
 * `ion-icon` with its `icon` (an `ionicons/icons` constant: an SVG data address) drawn inside it
 * (ion-icon.css gives it ionicons' look). When ion-icon gets defined later (ion-item defines it),
 * the element upgrades and draws the same icon from its `icon` attribute.
 */
export function IonIcon({ icon, ...props }: Props<'IonIcon'>) {
  const svg = icon?.startsWith(SVG_ICON) ? icon.slice(SVG_ICON.length) : '';
  // Only the app's own icon constants reach here, never user input.
  return draw('ion-icon', { ...props, icon, dangerouslySetInnerHTML: { __html: svg } });
}

/** A page of an app without Ionic's router: the element Ionic's styles lay out as one. */
export function IonPage({ className, children }: Props<'IonPage'>) {
  return <div className={className ? `ion-page ${className}` : 'ion-page'}>{children}</div>;
}

/**
 * `ion-button`. Until the element is defined its click does what the defined one's does: a
 * submit button submits its form (a disabled one takes no click: `later-elements.css`).
 */
export function IonButton(props: Props<'IonButton'>) {
  const submits = props.type === 'submit';
  return draw('ion-button', {
    ...props,
    onClick: (event: React.MouseEvent<HTMLIonButtonElement>) => {
      props.onClick?.(event);
      if (submits && !event.defaultPrevented && undefinedElement('ion-button'))
        event.currentTarget.closest('form')?.requestSubmit();
    },
  });
}

/**
 * `ion-tab-button`; its `onClick` is called on the element's `ionTabButtonClick`, as Ionic's is,
 * or on a click while the element is not defined yet. `selected` marks the tab the bar selects
 * for its look before then.
 */
export function IonTabButton({
  onClick,
  selected,
  ...props
}: Props<'IonTabButton'> & { selected?: boolean }) {
  return draw('ion-tab-button', {
    ...props,
    'data-selected': selected ? '' : undefined,
    onionTabButtonClick: onClick && ((event: CustomEvent) => onClick(event)),
    onClick: (event: React.MouseEvent) => {
      if (onClick && undefinedElement('ion-tab-button')) onClick(event as unknown as CustomEvent);
    },
  });
}

/** True when `pathname` is the tab's `href` or below it (Ionic's own rule). */
function matchesTab(pathname: string, href: string | undefined): boolean {
  if (href === undefined) return false;
  const path = href.split('?')[0] ?? '';
  const base = path.endsWith('/') && path !== '/' ? path.slice(0, -1) : path;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * `ion-tab-bar` selecting the tab whose `href` holds the current path, taken from `routeInfo`
 * (the app's router passes it, as to Ionic's standalone tab bar); that tab's button is marked
 * `selected` too, for its look before the elements are defined.
 */
export function IonTabBar({
  routeInfo,
  children,
  ...props
}: Props<'IonTabBar'> & { routeInfo?: { pathname: string } }) {
  const pathname = routeInfo?.pathname ?? window.location.pathname;
  let selectedTab: string | undefined;
  const buttons = Children.map(children, (child) => {
    if (
      selectedTab !== undefined ||
      !isValidElement<{ href?: string; tab?: string }>(child) ||
      !matchesTab(pathname, child.props.href)
    )
      return child;
    selectedTab = child.props.tab;
    return cloneElement(child as React.ReactElement<{ selected?: boolean }>, { selected: true });
  });
  return draw('ion-tab-bar', { ...props, selectedTab }, buttons);
}

let listElements: Promise<void> | undefined;
/** Defines ion-list and ion-item, once; resolves when they are. */
export function defineListElements(): Promise<void> {
  listElements ??= Promise.all([
    import('@ionic/core/components/ion-list.js'),
    import('@ionic/core/components/ion-item.js'),
  ]).then(([list, item]) => {
    list.defineCustomElement();
    item.defineCustomElement();
  });
  return listElements;
}

export function IonList(props: Props<'IonList'>) {
  void defineListElements();
  return draw('ion-list', props);
}

export function IonItem(props: Props<'IonItem'>) {
  void defineListElements();
  return draw('ion-item', props);
}

type Popover = (typeof IonReact)['IonPopover'];
let popover: Promise<Popover> | undefined;

/**
 * @ionic/react's `IonPopover`, loaded with the list elements the first time one is open; closed
 * before that, it draws nothing (Ionic's draws its content only while open too).
 */
export function IonPopover(props: ComponentProps<Popover>) {
  const [Loaded, setLoaded] = useState<Popover | null>(null);
  const open = props.isOpen === true;
  useEffect(() => {
    if (!open || Loaded) return;
    let cancelled = false;
    popover ??= Promise.all([import('./ion-popover.ts'), defineListElements()]).then(([m]) => m.IonPopover);
    void popover.then((component) => {
      if (!cancelled) setLoaded(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [open, Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
