/**
 * The toolbar's WATCH button (spec 2 §4.6): WATCHING while the scan is watched, marked when a
 * watch failed; it opens the watch dialog, whose code loads on first opening (or as the pointer
 * nears the button). A new scan cannot be watched until it is saved.
 */
import { useState } from 'react';
import type { Scan } from '#api/screener-model.ts';
import { LoadingDialog } from '#app/components/LoadingDialog.tsx';
import { loadable, OnDemand } from '#app/components/OnDemand.tsx';
import { Button } from './controls.tsx';
import type { ScanKind } from './ScanToolbar.tsx';

const WATCH_UNSAVED_HINT = 'Save this scan to enable watching';

const watchDialog = loadable(() => import('./WatchDialog.tsx').then((m) => m.WatchDialog));

export function WatchControl({ kind, scan }: { kind: ScanKind; scan: Scan | null }) {
  const [open, setOpen] = useState(false);
  if (kind === 'new' || scan === null) {
    return (
      <Button fill="outline" disabled title={WATCH_UNSAVED_HINT}>
        WATCH
      </Button>
    );
  }
  const { status } = scan.watch;
  const failed = typeof status === 'string';
  const close = () => setOpen(false);
  return (
    <>
      <Button
        fill="outline"
        aria-haspopup="dialog"
        aria-pressed={status === true}
        danger={failed}
        title={failed ? 'Watching this scan failed: open for details' : undefined}
        onPointerEnter={() => void watchDialog.load()}
        onClick={() => setOpen(true)}
      >
        {status === true ? 'WATCHING' : 'WATCH'}
        {failed && <span aria-hidden="true"> ⚠</span>}
      </Button>
      {open && (
        <OnDemand
          code={watchDialog}
          props={{ scan, onClose: close }}
          fallback={<LoadingDialog title="Watch this scan" onClose={close} />}
        />
      )}
    </>
  );
}
