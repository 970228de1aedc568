/**
 * The Analyze panel (spec 2 §2.4, `./analyze/`) and the column chooser (spec 2 §2.5,
 * `./columns/`) on the scan page. Both load on first use: the panel brings charts, and neither
 * is needed to read results. Both render into the document's body: inside the page's content
 * they sit in its stacking context, under the app header, which covered the phone modal's Close.
 */
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ScanTradeRow } from '#api/scans.ts';
import { Button, Spinner } from './controls.tsx';

const AnalyzePanel = lazy(() => import('./analyze/AnalyzePanel.tsx'));
const ColumnChooser = lazy(() => import('./columns/ColumnChooser.tsx'));

export interface AnalyzeSlotProps {
  /** The row whose Analyze affordance was clicked; null while the panel is closed. */
  row: ScanTradeRow | null;
  strategy: string;
  /** The scan's bid/ask level. */
  bidAskLevel: number;
  onClose: () => void;
}

export function AnalyzeSlot({ row, strategy, bidAskLevel, onClose }: AnalyzeSlotProps) {
  if (!row) return null;
  return createPortal(
    <Suspense fallback={<Spinner label="Loading the analysis" />}>
      <AnalyzePanel key={row.id} row={row} strategy={strategy} bidAskLevel={bidAskLevel} onClose={onClose} />
    </Suspense>,
    document.body,
  );
}

export interface ColumnChooserSlotProps {
  strategy: string;
  /** The scan's chosen column keys, in order. */
  selected: readonly string[];
  /** New columns; the page reruns the scan so the rows carry them. */
  onChange: (columns: readonly string[]) => void;
}

/** The COLUMNS button and, while open, the chooser. */
export function ColumnChooserSlot({ strategy, selected, onChange }: ColumnChooserSlotProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button fill="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        COLUMNS
      </Button>
      {open &&
        createPortal(
          <Suspense fallback={<Spinner label="Loading the columns" />}>
            <ColumnChooser
              strategy={strategy}
              selected={selected}
              onChange={onChange}
              onClose={() => setOpen(false)}
            />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
