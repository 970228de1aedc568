/**
 * A value that flashes green when it rose and red when it fell (spec 2 §4.7). `value` is what is
 * compared; `children` is what shows (the formatted text).
 */
import type { ReactNode } from 'react';
import type { Direction } from './trade-merge.ts';
import { useFlash } from './use-flash.ts';
import './live.css';

export function LiveCell({
  value,
  direction,
  children,
}: {
  value: unknown;
  /** The row's direction flag for this field, when it has one. */
  direction?: Direction;
  children: ReactNode;
}) {
  const flash = useFlash(value, direction);
  return (
    <span key={flash?.count ?? 0} className={flash ? `live-cell flash-${flash.direction}` : 'live-cell'}>
      {children}
    </span>
  );
}
