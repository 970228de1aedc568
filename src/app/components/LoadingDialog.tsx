/**
 * The frame of a dialog whose code is still loading (`OnDemand`): its title, Escape closes it,
 * and a word that it is loading.
 */
import { Dialog } from './Dialog.tsx';

export function LoadingDialog({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose} actions={null}>
      <p className="hint" role="status">
        Loading...
      </p>
    </Dialog>
  );
}
