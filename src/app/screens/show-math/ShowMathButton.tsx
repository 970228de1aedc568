/**
 * The "Show the math" button of a scan result and of the order editor, and while open its panel
 * (`ShowMathPanel`), loaded on first use so it adds nothing to the first download. The panel
 * renders into the document's body, over whatever panel it was opened from; closing it returns
 * the focus to the button.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TradeExplainRequest } from '#api/trades.ts';
import './show-math-button.css';

const ShowMathPanel = lazy(() => import('./ShowMathPanel.tsx'));

export function ShowMathButton({ request }: { request: TradeExplainRequest }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
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
      {open &&
        createPortal(
          <Suspense fallback={<span role="status" aria-label="Loading the math" />}>
            <ShowMathPanel request={request} onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
