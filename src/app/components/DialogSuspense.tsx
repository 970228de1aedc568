/**
 * The boundary of a dialog whose code loads when it first opens (React `lazy`), out of its
 * screen's first download: until the code is there, the dialog's own frame (its title; Escape
 * closes it) says it is loading.
 */
import { Suspense } from 'react';
import { Dialog } from './Dialog.tsx';

export function DialogSuspense({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const loading = (
    <Dialog title={title} onClose={onClose} actions={null}>
      <p className="hint" role="status">
        Loading...
      </p>
    </Dialog>
  );
  return <Suspense fallback={loading}>{children}</Suspense>;
}
