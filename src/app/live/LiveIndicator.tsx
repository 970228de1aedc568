/**
 * Live, reconnecting or offline, and the age of the data ("updated 3 s ago"), next to a live
 * table. Nothing while no live data is shown.
 */
import { useEffect, useState } from 'react';
import { type LiveState, useLiveStatus } from './live-status.ts';
import './live.css';

const LABELS: Record<Exclude<LiveState, 'idle'>, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** "3 s ago", "4 min ago", "2 h ago". */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** Renders again every `everyMs`, so the age moves on between pushes. */
function useTicking(everyMs: number): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}

export function LiveIndicator() {
  const { state, updatedAt } = useLiveStatus();
  useTicking(1000);
  if (state === 'idle') return null;
  return (
    <span className={`live-indicator live-${state}`}>
      <span className="live-dot" aria-hidden="true" />
      <span role="status">{LABELS[state]}</span>
      {updatedAt !== null && <span className="live-age"> · updated {ageText(Date.now() - updatedAt)}</span>}
    </span>
  );
}
