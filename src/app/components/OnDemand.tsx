/**
 * A component whose code loads when it is first drawn, out of its screen's first download:
 * `fallback` shows until the code is there, then the component at once (`useLoadable` loads any
 * other code the same way, a function too). Not React's `lazy`:
 * Suspense reveals loaded content no sooner than about 300 ms after its fallback showed (React's
 * throttle against flicker), a pause every first opening of a dialog paid (measured 360 ms to a
 * filter's editor, 50 ms once loaded).
 */
import { type ComponentType, createElement, useEffect, useState } from 'react';
import { afterFirstContent, firstContentShown } from '#app/api/first-content.ts';

/** Code loaded on demand, once: a component, or a function. */
export interface Loadable<T> {
  load(): Promise<T>;
  /** The code once loaded, else null. */
  loaded(): T | null;
}

export function loadable<T>(load: () => Promise<T>): Loadable<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () => {
      loading ??= load().then((v) => {
        value = v;
        return v;
      });
      return loading;
    },
    loaded: () => value,
  };
}

/** `code` once loaded, else null; it loads while `wanted`. */
export function useLoadable<T>(code: Loadable<T>, wanted = true): T | null {
  const [Loaded, setLoaded] = useState<T | null>(() => code.loaded());
  useEffect(() => {
    if (Loaded || !wanted) return;
    let cancelled = false;
    void code.load().then((value) => {
      if (!cancelled) setLoaded(() => value);
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
  code: Loadable<ComponentType<P>>;
  props: P;
  fallback: React.ReactNode;
}) {
  const Loaded = useLoadable(code);
  return Loaded ? createElement(Loaded, props) : fallback;
}
