// The Stripe checkout frame's script (docs/BILLING.md ("Switching to Stripe")): a file of its own, since the store
// pages' Content-Security-Policy allows no inline script. It mounts Stripe's embedded checkout
// with the session the server created, and tells the app (the frame's parent, same origin) when
// the payment went through; the webhook, not this message, makes the user premium.
const thankYou = () => window.parent.postMessage('thankyou', location.origin);

const frame = document.getElementById('checkout');
if (frame) {
  const stripe = window.Stripe(frame.dataset.publishableKey);
  const clientSecret = frame.dataset.clientSecret;
  // Stripe.js 'clover' names it createEmbeddedCheckoutPage; v3 named it initEmbeddedCheckout.
  const create = (stripe.createEmbeddedCheckoutPage ?? stripe.initEmbeddedCheckout).bind(stripe);
  create({ fetchClientSecret: () => Promise.resolve(clientSecret), onComplete: thankYou }).then((checkout) =>
    checkout.mount(frame),
  );
} else if (document.getElementById('checkout-complete')) {
  // Back from a payment method that redirects (the session's return_url): already paid.
  thankYou();
}
