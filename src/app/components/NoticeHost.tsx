/**
 * Shows the oldest pending notice as a toast at the top of the screen, with its action (if any)
 * and Dismiss; it goes by itself after its duration (0: only when dismissed). Drawn by the app
 * rather than Ionic's toast: the host is part of the first download, and ion-toast with its
 * overlay code weighed about 6 KiB gzip there.
 */
import { useEffect, useState } from 'react';
import { dismiss, type Notice, subscribeNotices } from './notices.ts';

function Toast({ notice }: { notice: Notice }) {
  const { action, duration, id } = notice;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = window.setTimeout(() => dismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [duration, id]);
  const tone = notice.color ?? 'danger';
  return (
    <div className={`app-toast ion-color-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className="app-toast-message">{notice.message}</span>
      {action && (
        <button
          type="button"
          onClick={() => {
            action.run();
            dismiss(id);
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" onClick={() => dismiss(id)}>
        Dismiss
      </button>
    </div>
  );
}

export function NoticeHost() {
  const [pending, setPending] = useState<readonly Notice[]>([]);
  useEffect(() => subscribeNotices(setPending), []);
  const notice = pending[0];
  return notice ? <Toast key={notice.id} notice={notice} /> : null;
}
