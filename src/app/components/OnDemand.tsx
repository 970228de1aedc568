/**
 * A component whose code loads when it is first drawn, out of its screen's first download:
 * `fallback` shows until the code is there, then the component at once. Not React's `lazy`:
 * Suspense reveals loaded content no sooner than about 300 ms after its fallback showed (React's
 * throttle against flicker), a pause every first opening of a dialog paid (measured 360 ms to a
 * filter's editor, 50 ms once loaded).
 */
import { type ComponentType, createElement, useEffect, useState } from 'react';
import { afterFirstContent, firstContentShown } from '#app/api/first-content.ts';

/** The code of a component loaded on demand, once. */
export interface Loadable<P> {
  load(): Promise<ComponentType<P>>;
  /** The component once loaded, else null. */
  loaded(): ComponentType<P> | null;
}

export function loadable<P>(load: () => Promise<ComponentType<P>>): Loadable<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    load: () => {
      loading ??= load().then((c) => {
        component = c;
        return c;
      });
      return loading;
    },
    loaded: () => component,
  };
}

/** `code`'s component once loaded, else null; its code loads while `wanted`. */
export function useLoadable<P>(code: Loadable<P>, wanted = true): ComponentType<P> | null {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => code.loaded());
  useEffect(() => {
    if (Loaded || !wanted) return;
    let cancelled = false;
    void code.load().then((component) => {
      if (!cancelled) setLoaded(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [code, Loaded, wanted]);
  return Loaded;
}

/**
 * False until the first screen shows its content; true from then on. With `useLoadable`, code
 * no first paint needs loads after it.
 */
export function useFirstContentShown(): boolean {
  const [shown, setShown] = useState(firstContentShown);
  useEffect(() => {
    if (!shown) void afterFirstContent().then(() => setShown(true));
  }, [shown]);
  return shown;
}

export function OnDemand<P extends object>({
  code,
  props,
  fallback,
}: {
  code: Loadable<P>;
  props: P;
  fallback: React.ReactNode;
}) {
  const Loaded = useLoadable(code);
  return Loaded ? createElement(Loaded, props) : fallback;
}
