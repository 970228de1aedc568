/**
 * The "Show the math" panel: how every number of one trade was computed, as a document a trader
 * reads top to bottom (docs/METRICS.md, "Show the math"): the inputs and the legs' fills, the
 * distribution at the horizon with the probability of each price interval between breakevens, then
 * one heading per metric group with each step on its line: the value, the formula in words and the
 * arithmetic with this trade's numbers. A modal dialog over the page, full-screen on a phone;
 * Escape or Close shuts it. Loaded on first use (`ShowMathButton`).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TradeExplainRequest } from '#api/trades.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { explanationQuery } from '#app/features/trades/queries.ts';
import type { ExplainSection, TradeExplanation } from '#domain/metrics/explain.ts';
import {
  type Fact,
  inputFacts,
  parameterFacts,
  regionOutcome,
  regionPrices,
  regionProbability,
  stepValueText,
  titleOf,
} from './show-math-view.ts';
import './show-math.css';

const TITLE_ID = 'show-math-title';

function Facts({ facts, label }: { facts: readonly Fact[]; label: string }) {
  return (
    <dl className="math-facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>{f.text}</dd>
        </div>
      ))}
    </dl>
  );
}

function Inputs({ e, atLimits }: { e: TradeExplanation; atLimits: boolean }) {
  return (
    <section aria-labelledby="math-inputs">
      <h3 id="math-inputs">Inputs</h3>
      <Facts facts={inputFacts(e)} label="Market and settings" />
      <h4>
        {atLimits
          ? 'Legs at your limit prices (bid = ask = the limit)'
          : 'Legs: fill = mid ± L × (ask − bid), + when buying, − when selling'}
      </h4>
      <ol className="math-lines" aria-label="Legs">
        {e.legs.map((leg, i) => (
          // Legs repeat only in a custom trade; their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>
            <span className="math-line-head">
              <strong>{leg.label}</strong>
              <span>weight {leg.weight}</span>
            </span>
            <span className="math-quote">
              bid {leg.bid.toFixed(4)} · ask {leg.ask.toFixed(4)} · mid {leg.mid.toFixed(4)}
              {leg.iv === null ? '' : ` · IV ${(leg.iv * 100).toFixed(2)}%`}
            </span>
            <code className="math-working">fill = {leg.fillWorking}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Distribution({ e }: { e: TradeExplanation }) {
  const d = e.distribution;
  return (
    <section aria-labelledby="math-distribution">
      <h3 id="math-distribution">Price at the horizon: {d.model}</h3>
      <p>{d.description}</p>
      <Facts facts={parameterFacts(d.parameters)} label="Parameters" />
      <p>{d.intervalFormula}</p>
      <h4>Price intervals between the breakevens</h4>
      <ol className="math-lines" aria-label="Price intervals">
        {d.regions.map((r) => (
          <li key={r.lo}>
            <span className="math-line-head">
              <strong>{regionPrices(r)}</strong>
              <span className={`math-outcome ${r.outcome}`}>{regionOutcome(r)}</span>
            </span>
            <code className="math-working">P = {regionProbability(r)}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Section({ section }: { section: ExplainSection }) {
  const id = `math-${section.key}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{section.title}</h3>
      <ol className="math-lines" aria-label={section.title}>
        {section.steps.map((step) => (
          <li key={`${step.key}:${step.label}`}>
            <span className="math-line-head">
              <strong>{step.label}</strong>
              {step.value !== null || step.key !== 'pl_formula' ? (
                <span className="math-value">{stepValueText(step)}</span>
              ) : null}
            </span>
            <span className="math-formula">{step.formula}</span>
            <code className="math-working">{step.working}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ShowMathPanel({ request, onClose }: { request: TradeExplainRequest; onClose: () => void }) {
  const explanation = useQuery(explanationQuery(request));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A modal <dialog> sits in the browser's top layer, over every panel and the app's header,
    // and makes the page behind it inert (no portal needed). Without showModal (jsdom), open.
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    // Escape closes this panel only, not the panel it was opened from.
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key !== 'Escape') return;
      ev.stopPropagation();
      ev.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [onClose]);
  const e = explanation.data;
  return (
    <dialog
      ref={dialogRef}
      className="math-panel"
      aria-labelledby={TITLE_ID}
      onCancel={(ev) => {
        ev.preventDefault();
        onClose();
      }}
    >
      <header className="math-header">
        <h2 id={TITLE_ID}>{e ? titleOf(e) : 'Show the math'}</h2>
        <button ref={closeRef} type="button" className="math-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="math-body">
        {explanation.isError && <p role="alert">{errorMessageOf(explanation.error)}</p>}
        {!e && !explanation.isError && (
          <p role="status" className="math-loading">
            Calculating…
          </p>
        )}
        {e && (
          <>
            <p className="math-intro">
              Money is per share of the position: a 1-lot's dollars are × 100 (shown in brackets). Each line's
              arithmetic uses the numbers shown, to 4 decimals.
            </p>
            <Inputs e={e} atLimits={request.fill === 'limit'} />
            {e.sections.slice(0, 2).map((s) => (
              <Section key={s.key} section={s} />
            ))}
            <Distribution e={e} />
            {e.sections.slice(2).map((s) => (
              <Section key={s.key} section={s} />
            ))}
          </>
        )}
      </div>
    </dialog>
  );
}

/** For `lazy(() => import('./ShowMathPanel.tsx'))`. */
export default ShowMathPanel;
