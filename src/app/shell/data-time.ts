/**
 * When data shown offline came from the server, as the offline banner and the scan page say it
 * (docs/OFFLINE.md "Reading"): "10:42" today, "26 Nov 10:42" on another day, in local time.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function dataTimeText(atMs: number, nowMs: number = Date.now()): string {
  const at = new Date(atMs);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (at.toDateString() === new Date(nowMs).toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}
