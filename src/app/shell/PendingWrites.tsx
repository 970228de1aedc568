/**
 * The shell's count of writes not yet sent, and the writes the server refused for good, each
 * with the server's reason until the user dismisses it (docs/OFFLINE.md, "Writes").
 */
import { useState } from 'react';
import { usePendingWrites } from '../api/pending-writes-snapshot.ts';
import type { PendingWrite } from '../api/pending-writes-store.ts';

/** Forgets a refused write; the queue is loaded by then (it published the write). */
const dismiss = (id: string) =>
  void import('../api/pending-writes.ts').then(({ dismissPendingWrite }) => dismissPendingWrite(id));

const countText = (waiting: readonly PendingWrite[]) => {
  const changes = waiting.length === 1 ? '1 change' : `${waiting.length} changes`;
  return waiting.some((w) => w.state === 'waitingSignIn')
    ? `${changes} pending — will be sent when you sign in again`
    : `${changes} pending — will be sent when online`;
};

export function PendingWrites() {
  const writes = usePendingWrites();
  const [open, setOpen] = useState(false);
  const waiting = writes.filter((w) => w.state !== 'refused');
  const refused = writes.filter((w) => w.state === 'refused');
  if (writes.length === 0) return null;
  return (
    <div className="pending-writes">
      {waiting.length > 0 && (
        <div className="system-message" role="status">
          <div>
            <button
              type="button"
              className="link-button pending-count"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            >
              {countText(waiting)}
            </button>
            {open && (
              <ul>
                {waiting.map((w) => (
                  <li key={w.id}>{w.label}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      {refused.map((w) => (
        <div key={w.id} className="system-message pending-refused" role="alert">
          <div>
            <strong>Not saved: {w.label}</strong>
            <p>{w.reason}</p>
          </div>
          <button
            type="button"
            className="link-button"
            aria-label={`Dismiss: ${w.label}`}
            onClick={() => dismiss(w.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
