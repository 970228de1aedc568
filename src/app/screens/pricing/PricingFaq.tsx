/** The pricing page's questions; the terms page (/terms) has the binding wording. */
import { AppLink } from '#app/components/AppLink.tsx';
import { TRIAL_DAYS } from '#domain/plans/subscription-status.ts';

const QUESTIONS: readonly { readonly question: string; readonly answer: React.ReactNode }[] = [
  {
    question: 'How does the free trial work?',
    answer: `Every new account gets ${TRIAL_DAYS} days with the Advanced features, without payment details. Nothing is charged when the trial ends: choose a plan to keep going.`,
  },
  {
    question: 'Can I cancel at any time?',
    answer: (
      <>
        Yes. Cancel from this page or your <AppLink href="/account">account page</AppLink>; your plan stays
        active until the end of the period you paid for and is not renewed.
      </>
    ),
  },
  {
    question: 'Do you give refunds?',
    answer:
      'Annual renewals are refundable up to 7 calendar days after the renewal; the refund arrives within up to 7 business days. Monthly plans and initial payments are not refundable.',
  },
  {
    question: 'Are taxes included?',
    answer:
      'No. Prices are in US dollars and do not include tax; any tax that applies where you live comes on top.',
  },
  {
    question: 'How do plan changes work?',
    answer:
      'An upgrade (a longer billing cycle, or Advanced instead of Beginner on the same cycle) starts a new billing period at once: you pay the new price less a prorated credit for the unused part of your current period. A downgrade costs nothing now and takes effect on your next billing date.',
  },
  {
    question: 'My plan was arranged with support. How do I change it?',
    answer:
      'Plans billed outside the app are changed or cancelled by e-mail: use the button on the plan cards.',
  },
];

export function PricingFaq() {
  return (
    <section className="pricing-section" aria-labelledby="pricing-faq">
      <h2 id="pricing-faq">Questions</h2>
      <div className="faq">
        {QUESTIONS.map((q) => (
          <details key={q.question}>
            <summary>{q.question}</summary>
            <p>{q.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
