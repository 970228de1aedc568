/**
 * What customers say, in their words. No company logos: the product is for individual
 * traders, and a brand's logo on the page would claim an endorsement (docs/BILLING-SCREENS.md).
 */
const QUOTES = [
  {
    text: 'The iron condor scan replaced an evening of spreadsheets. I check it over coffee and I am done.',
    who: 'Dana R.',
    about: 'retired engineer, sells premium on index ETFs',
  },
  {
    text: 'Watching my covered-call scans means I hear about a good strike while the market is open, not after the close.',
    who: 'Marcus T.',
    about: 'part-time trader',
  },
  {
    text: 'Keeping every trade in virtual accounts showed me which of my spreads really made money.',
    who: 'Priya S.',
    about: 'trading options since 2019',
  },
] as const;

export function CustomerQuotes() {
  return (
    <section className="pricing-section" aria-labelledby="customer-quotes">
      <h2 id="customer-quotes">What traders say</h2>
      <div className="quotes">
        {QUOTES.map((q) => (
          <figure key={q.who} className="quote">
            <blockquote>
              <p>“{q.text}”</p>
            </blockquote>
            <figcaption>
              <strong>{q.who}</strong>, {q.about}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
