/**
 * The "Show the math" button of a scan result and of the order editor, and while open its panel
 * (`ShowMathPanel`), loaded on first use so it adds nothing to the first download. The panel
 * is a modal <dialog> in the browser's top layer, over whatever panel it was opened from (a
 * react-dom portal here made the bundler move the query library out of the entry into one more
 * script the first paint loads); closing it returns the focus to the button.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { TradeExplainRequest } from '#api/trades.ts';
import './show-math-button.css';

const ShowMathPanel = lazy(() => import('./ShowMathPanel.tsx'));

export function ShowMathButton({ request }: { request: TradeExplainRequest }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // Back to the button once the dialog is gone: while it is open the page behind it is inert.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="show-math-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Show the math
      </button>
      {open && (
        <Suspense fallback={<span role="status" aria-label="Loading the math" />}>
          <ShowMathPanel request={request} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
