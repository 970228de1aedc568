/** A plan an operator granted (no processor) is changed and cancelled by e-mail (spec 1 §6). */
import { AppLink } from '#app/components/AppLink.tsx';

export function BilledOutside({ supportEmail }: { supportEmail: string }) {
  return (
    <section className="billing-card" aria-labelledby="billed-outside">
      <h2 id="billed-outside">Changing or cancelling</h2>
      <p>
        Your plan is billed outside the app, so it cannot be changed or cancelled here. Write to{' '}
        <a href={`mailto:${supportEmail}?subject=My%20subscription`}>{supportEmail}</a> and we will take care
        of it.
      </p>
      <p>
        <AppLink href="/terms#cancellation">How to cancel</AppLink>
      </p>
    </section>
  );
}
