/**
 * App-wide notices (toasts): errors nobody handled locally, the update prompt. A tiny
 * subscribe/publish store so non-React code (the query cache, the service worker hook) can
 * raise them and one <NoticeHost/> shows them.
 */
export interface Notice {
  readonly id: number;
  readonly message: string;
  readonly color?: 'danger' | 'primary';
  readonly action?: { readonly label: string; readonly run: () => void };
  /** Milliseconds; 0 keeps it until dismissed. */
  readonly duration: number;
}

type Listener = (notices: readonly Notice[]) => void;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

const publish = () => {
  for (const l of listeners) l(notices);
};

export function notify(notice: Omit<Notice, 'id' | 'duration'> & { duration?: number }): void {
  // The same message twice in a row is one toast, not a stack of them.
  if (notices.some((n) => n.message === notice.message)) return;
  notices = [...notices, { duration: 5000, ...notice, id: nextId++ }];
  publish();
}

export function dismiss(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  publish();
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}
