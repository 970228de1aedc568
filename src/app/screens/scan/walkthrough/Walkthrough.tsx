/**
 * The Scan page's first-run walkthrough (spec 2 §1): a card per step beside the element it
 * explains (found by its `data-walkthrough` attribute, walkthrough-steps.ts), with Back, Next
 * and Skip, and the icon that restarts it. Place it in the page's toolbar: the icon shows
 * there, the card floats over the page.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEscapeKey } from '#app/components/use-escape-key.ts';
import { type VisibleArea, visibleArea } from '../visible-area.ts';
import {
  nextStep,
  previousStep,
  storeWalkthroughOn,
  WALKTHROUGH_STEPS,
  walkthroughOn,
  walkthroughSelector,
} from './walkthrough-steps.ts';
import './walkthrough.css';

const CARD_WIDTH = 320;
/** A card's height with the longest step text at the narrowest width, for choosing its side. */
const CARD_HEIGHT = 190;
const GAP = 8;

interface Box {
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

function targetOf(index: number): Element | null {
  const step = WALKTHROUGH_STEPS[index];
  return step ? document.querySelector(walkthroughSelector(step.id)) : null;
}

function boxOf(el: Element | null): Box | null {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

/** The element's box cut to the visible area (a tall table's ring stays on screen). */
function clipped(box: Box, area: VisibleArea): Box {
  const top = Math.max(box.top, area.top);
  const bottom = Math.min(box.top + box.height, area.bottom);
  return { ...box, top, height: Math.max(0, bottom - top) };
}

/**
 * Below the element when the card fits there, else above it; when neither fits (an element as
 * tall as the screen), at the foot of the visible area over the element: never under the header.
 * Centred when there is no element.
 */
function cardStyle(box: Box | null, area: VisibleArea): React.CSSProperties {
  if (box === null) return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  const left = Math.max(GAP, Math.min(box.left, window.innerWidth - CARD_WIDTH - GAP));
  const below = box.top + box.height + GAP;
  if (below + CARD_HEIGHT <= area.bottom) return { top: below, left };
  if (box.top - GAP - CARD_HEIGHT >= area.top) return { bottom: window.innerHeight - box.top + GAP, left };
  return { bottom: window.innerHeight - area.bottom + GAP, left };
}

export function Walkthrough({ storage = localStorage }: { storage?: Storage }) {
  const [index, setIndex] = useState<number | null>(() => (walkthroughOn(storage) ? 0 : null));
  const [box, setBox] = useState<Box | null>(null);
  const [area, setVisibleArea] = useState<VisibleArea>({ top: 0, bottom: 0 });

  useEffect(() => {
    if (index === 0) storeWalkthroughOn(storage, true);
  }, [index, storage]);

  useLayoutEffect(() => {
    if (index === null) return;
    targetOf(index)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    let last = '';
    const measure = () => {
      const visible = visibleArea();
      const target = boxOf(targetOf(index));
      const next = JSON.stringify([visible, target]);
      if (next === last) return;
      last = next;
      setVisibleArea(visible);
      setBox(target && clipped(target, visible));
    };
    measure();
    // The page moves without a scroll or a resize too (results arriving above the element, the
    // screen laid out after the walkthrough started): follow it.
    const timer = setInterval(measure, 250);
    // Scrolling anywhere (the results pane scrolls on its own) moves the element under the ring.
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [index]);

  const exit = useCallback(() => {
    storeWalkthroughOn(storage, false);
    setIndex(null);
  }, [storage]);

  useEscapeKey(exit, index !== null);

  const step = index === null ? undefined : WALKTHROUGH_STEPS[index];
  return (
    <>
      <button
        type="button"
        className="walkthrough-restart"
        aria-label="Restart the walkthrough"
        title="Restart the walkthrough"
        onClick={() => {
          storeWalkthroughOn(storage, true);
          setIndex(0);
        }}
      >
        ?
      </button>
      {index !== null &&
        step !== undefined &&
        createPortal(
          <div className="walkthrough-layer">
            {box && (
              <div
                className="walkthrough-highlight"
                style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
              />
            )}
            <section
              className="walkthrough-card"
              role="dialog"
              aria-label="Walkthrough"
              aria-describedby="walkthrough-text"
              style={{ ...cardStyle(box, area), width: CARD_WIDTH }}
            >
              <p className="walkthrough-count">
                Step {index + 1} of {WALKTHROUGH_STEPS.length}
              </p>
              <h2>{step.title}</h2>
              <p id="walkthrough-text">{step.text}</p>
              <div className="walkthrough-actions">
                <button type="button" className="walkthrough-skip" onClick={exit}>
                  Skip
                </button>
                <button type="button" disabled={index === 0} onClick={() => setIndex(previousStep(index))}>
                  Back
                </button>
                <button
                  type="button"
                  className="walkthrough-next"
                  onClick={() => {
                    const next = nextStep(index);
                    if (next === null) exit();
                    else setIndex(next);
                  }}
                >
                  {nextStep(index) === null ? 'Done' : 'Next'}
                </button>
              </div>
            </section>
          </div>,
          document.body,
        )}
    </>
  );
}
