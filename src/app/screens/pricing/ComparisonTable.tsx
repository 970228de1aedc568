import '#app/components/tables.css';
import { FEATURE_COMPARISON } from './plan-features.ts';

/** Spec 1 §1's feature comparison; on a narrow phone it scrolls sideways in its own box. */
export function ComparisonTable() {
  return (
    <section className="pricing-section" aria-labelledby="compare-plans">
      <h2 id="compare-plans">Compare plans</h2>
      <div className="table-scroll">
        <table className="comparison-table">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Beginner</th>
              <th scope="col">Advanced</th>
            </tr>
          </thead>
          <tbody>
            {FEATURE_COMPARISON.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>{row.beginner}</td>
                <td>{row.advanced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
