/**
 * A price cell's flash: when the value changes, 'up' or 'down' (the row's direction flag when it
 * has one, else the sign of the change), with a counter that restarts the CSS animation.
 */
import { useEffect, useRef, useState } from 'react';
import type { Direction } from './trade-merge.ts';

export interface Flash {
  readonly direction: 'up' | 'down';
  /** Increases with every flash: use it as the element's key to replay the animation. */
  readonly count: number;
}

export function useFlash(value: unknown, direction?: Direction): Flash | null {
  const previous = useRef(value);
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (Object.is(before, value) || before === undefined || before === null || value === null) return;
    const up = direction !== undefined ? direction > 0 : Number(value) >= Number(before);
    setFlash((f) => ({ direction: up ? 'up' : 'down', count: (f?.count ?? 0) + 1 }));
  }, [value, direction]);
  return flash;
}
