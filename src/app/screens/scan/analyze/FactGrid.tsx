/** A grid of titled values (the Stock tab's fundamentals, the Options tab's facts). */
import type { Fact } from './analyze-model.ts';

export function FactGrid({ facts, label }: { facts: readonly Fact[]; label: string }) {
  if (facts.length === 0) return <p className="analyze-no-data">No Data</p>;
  return (
    <dl className="analyze-facts" aria-label={label}>
      {facts.map((f) => (
        <div key={f.key} className="analyze-fact">
          <dt>{f.title}</dt>
          <dd>{f.text}</dd>
        </div>
      ))}
    </dl>
  );
}
