/**
 * The scan page's toolbar (spec 2 §2.2): RUN SCAN (disabled while running), SAVE for a new scan,
 * UPDATE and SAVE AS NEW for the user's own, DUPLICATE for a sample, the EXPORT menu with the
 * three CSV exports, WATCH (`WatchControl`), DELETE with its confirmation, and the column
 * chooser's place. The walkthrough's code loads once the page shows its content; its restart
 * icon stands there, inactive, until then.
 */
import { useState } from 'react';
import type { ScanExportKind } from '#api/scans.ts';
import { Dialog } from '#app/components/Dialog.tsx';
import { loadable, useFirstContentShown, useLoadable } from '#app/components/OnDemand.tsx';
import { Button, Menu, MenuItem } from './controls.tsx';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

const walkthrough = loadable(() => import('./walkthrough/Walkthrough.tsx').then((m) => m.Walkthrough));

export const DELETE_QUESTION = 'Are you sure you want to delete this scan?';

export const EXPORT_CHOICES: readonly { kind: ScanExportKind; label: string }[] = [
  { kind: 'underlyings_page', label: 'Export this page' },
  { kind: 'underlyings_all', label: 'Export all pages' },
  { kind: 'options_all', label: 'Export all options (up to 1,000)' },
];

/** Which saving actions a scan offers. */
export type ScanKind = 'new' | 'own' | 'sample';

export function ScanToolbar({
  kind,
  running,
  busy,
  canExport,
  onRun,
  onSave,
  onUpdate,
  onSaveAsNew,
  onDuplicate,
  onExport,
  onDelete,
  watchControl,
  columnChooser,
}: {
  kind: ScanKind;
  running: boolean;
  /** A save, duplicate or delete is pending. */
  busy: boolean;
  canExport: boolean;
  onRun: () => void;
  onSave: () => void;
  onUpdate: () => void;
  onSaveAsNew: () => void;
  onDuplicate: () => void;
  onExport: (kind: ScanExportKind) => void;
  onDelete: () => void;
  watchControl: React.ReactNode;
  columnChooser: React.ReactNode;
}) {
  const [exportAnchor, setExportAnchor] = useState<Element | null>(null);
  const [confirming, setConfirming] = useState(false);
  const Walkthrough = useLoadable(walkthrough, useFirstContentShown());
  return (
    <div className="scan-actions" role="toolbar" aria-label="Scan actions">
      <Button disabled={running} onClick={onRun} data-walkthrough={WALKTHROUGH_TARGETS.runScan}>
        RUN SCAN
      </Button>
      {kind === 'new' && (
        <Button fill="outline" disabled={busy} onClick={onSave} data-walkthrough={WALKTHROUGH_TARGETS.save}>
          SAVE
        </Button>
      )}
      {kind === 'own' && (
        <>
          <Button fill="outline" disabled={busy} onClick={onUpdate}>
            UPDATE
          </Button>
          <Button fill="outline" disabled={busy} onClick={onSaveAsNew}>
            SAVE AS NEW
          </Button>
        </>
      )}
      {kind === 'sample' && (
        <Button fill="outline" disabled={busy} onClick={onDuplicate}>
          DUPLICATE
        </Button>
      )}
      <Button
        fill="outline"
        disabled={!canExport}
        aria-haspopup="menu"
        data-walkthrough={WALKTHROUGH_TARGETS.export}
        onClick={(e) => setExportAnchor(e.currentTarget)}
      >
        EXPORT
      </Button>
      {exportAnchor && (
        <Menu anchor={exportAnchor} label="Export" onClose={() => setExportAnchor(null)}>
          {EXPORT_CHOICES.map((c) => (
            <MenuItem
              key={c.kind}
              onSelect={() => {
                setExportAnchor(null);
                onExport(c.kind);
              }}
            >
              {c.label}
            </MenuItem>
          ))}
        </Menu>
      )}
      {watchControl}
      {columnChooser}
      {Walkthrough ? (
        <Walkthrough />
      ) : (
        <button type="button" className="walkthrough-restart" aria-label="Restart the walkthrough" disabled>
          ?
        </button>
      )}
      {kind === 'own' && (
        <Button fill="clear" danger disabled={busy} onClick={() => setConfirming(true)}>
          DELETE
        </Button>
      )}
      {confirming && (
        <Dialog
          title="Delete scan"
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button fill="clear" onClick={() => setConfirming(false)}>
                No
              </Button>
              <Button
                danger
                onClick={() => {
                  setConfirming(false);
                  onDelete();
                }}
              >
                Yes
              </Button>
            </>
          }
        >
          <p>{DELETE_QUESTION}</p>
        </Dialog>
      )}
    </div>
  );
}
