/**
 * The test store's checkout page, shown in the app's checkout frame (spec 1 §7): the product
 * and its price (a promotion's list price crossed out), the test cards, the card form, then the
 * confirmation and done steps that its script (`store.js`, the CSP allows no inline script)
 * switches between. Every value from the address is escaped.
 */

import { PLANS } from '#domain/plans/plan-catalogue.ts';
import type { PlanId } from '#domain/plans/plan-id.ts';
import { escapeHtml, htmlDocument } from '#server/http/html-document.ts';
import type { StorePrice } from './store-events.ts';
import { TEST_CARDS } from './test-cards.ts';

/** The script's address: served by the store next to the page. */
export const STORE_SCRIPT_PATH = '/store/store.js';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** `70800` → `$708.00`. */
const usd = (cents: number): string => dollars.format(cents / 100);

// 16px text (phones do not zoom into the inputs), 44px touch targets, the OS dark mode.
const STYLE = `
:root{color-scheme:light dark;--fg:#1a1d21;--muted:#5b636b;--bg:#fff;--line:#c5cdd5;--accent:#0b6bcb;--error:#b42318;--note:#fff4d6;--note-fg:#6b4e00}
@media (prefers-color-scheme:dark){:root{--fg:#e8edf2;--muted:#a0a9b2;--bg:#14181d;--line:#3d454e;--accent:#58a2ec;--error:#ff8b7e;--note:#3a3010;--note-fg:#f5d77a}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:480px;margin:0 auto;padding:16px}
.test-mode{background:var(--note);color:var(--note-fg);border-radius:8px;padding:8px 12px;margin:0 0 16px;font-weight:600;text-align:center}
h1{font-size:1.3rem;margin:0}
h2{font-size:1.15rem;margin:0 0 8px}
.price{font-size:1.1rem;margin:4px 0 16px}.price s{color:var(--muted);margin-right:6px}
.muted{color:var(--muted);font-size:.9rem}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;min-height:44px;font:inherit;padding:8px 12px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
button{min-height:44px;font:inherit;font-weight:600;padding:10px 14px;border-radius:8px;cursor:pointer}
.primary{width:100%;margin-top:16px;border:0;background:var(--accent);color:#fff}
.secondary{border:1px solid var(--line);background:transparent;color:var(--fg)}
button:disabled{opacity:.6;cursor:progress}
.alert{border:1px solid var(--error);color:var(--error);border-radius:8px;padding:8px 12px;margin:12px 0 0}
.cards{list-style:none;padding:0;margin:8px 0 0;display:grid;gap:8px}
.cards button{width:100%;text-align:left;border:1px solid var(--line);background:transparent;color:var(--fg)}
.cards code{font-size:1rem;font-weight:600;display:block}
.cards span{font-weight:400;color:var(--muted);font-size:.9rem}
.actions{display:flex;gap:12px;margin-top:16px}.actions button{flex:1;margin:0}
`;

/** A store page; `script` for the checkout form's page (the script drives that form). */
function page(title: string, body: string, script: boolean): string {
  return htmlDocument(
    `${title} · OptionScout test store`,
    `<style>${STYLE}</style>${script ? `\n<script src="${STORE_SCRIPT_PATH}" defer></script>` : ''}`,
    `<main>
<p class="test-mode">TEST MODE — no real money moves</p>
${body}
</main>`,
  );
}

export interface CheckoutView {
  readonly productCode: string;
  readonly planId: PlanId;
  readonly price: StorePrice;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userGuid: string;
  /** Sent back with the payment; the price already says whether it applies. */
  readonly coupon: string | null;
  /** An expiry date that is in the future on the store's clock, as a hint ('12/27'). */
  readonly sampleExpiry: string;
}

function input(id: string, label: string, attributes: string): string {
  return `<label for="${id}">${label}</label>\n<input id="${id}" ${attributes} required>`;
}

export function checkoutPage(view: CheckoutView): string {
  const plan = PLANS[view.planId];
  const { subtotalCents, discountCents, creditCents } = view.price;
  const firstPeriodCents = Math.max(0, subtotalCents - discountCents);
  const totalCents = Math.max(0, firstPeriodCents - creditCents);
  const period = plan.cycle === 12 ? 'year' : 'month';
  // A promotion prices the first period; renewals are at the list price.
  const price =
    discountCents > 0
      ? `<s>${usd(subtotalCents)}</s><strong>${usd(firstPeriodCents)}</strong> for the first ${period}, then ${usd(subtotalCents)} per ${period}`
      : `<strong>${usd(firstPeriodCents)}</strong> per ${period}`;
  // A cancelled subscription still running: its unused part is taken off today's charge.
  const credit =
    creditCents > 0
      ? `<p class="credit">Credit for the unused part of your current plan: −${usd(creditCents)}. Today: <strong>${usd(totalCents)}</strong></p>`
      : '';
  const nameOnCard = `${view.firstName} ${view.lastName}`.trim();
  const cards = TEST_CARDS.map(
    (c) =>
      `<li><button type="button" data-card="${c.number}"><code>${c.number}</code><span>${escapeHtml(c.description)}</span></button></li>`,
  ).join('\n');
  return page(
    'Checkout',
    `<h1>${escapeHtml(plan.name)}</h1>
<p class="price">${price}</p>
${credit}
<section id="pay-step">
<form id="pay-form" novalidate data-product="${escapeHtml(view.productCode)}" data-guid="${escapeHtml(view.userGuid)}" data-email="${escapeHtml(view.email)}" data-coupon="${escapeHtml(view.coupon ?? '')}">
${input('card-number', 'Card number', 'name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"')}
<div class="row">
<div>${input('card-expiry', 'Expiry (MM/YY)', `name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="${escapeHtml(view.sampleExpiry)}"`)}</div>
<div>${input('card-cvc', 'CVC', 'name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}</div>
</div>
${input('card-name', 'Name on card', `name="name" autocomplete="cc-name" maxlength="100" value="${escapeHtml(nameOnCard)}"`)}
<p id="pay-error" class="alert" role="alert" hidden></p>
<button id="pay-button" class="primary" type="submit">Pay ${usd(totalCents)}</button>
</form>
<h2 style="margin-top:24px">Test cards</h2>
<p class="muted">Tap a card to use it, with any future expiry date (such as ${escapeHtml(view.sampleExpiry)}) and any 3-digit CVC.</p>
<ul class="cards">
${cards}
</ul>
</section>
<section id="confirm-step" hidden>
<h2 tabindex="-1">Confirm this payment</h2>
<p>Your bank asks you to confirm the payment of ${usd(totalCents)}.</p>
<div class="actions"><button id="confirm-complete" class="primary" type="button">Complete</button><button id="confirm-fail" class="secondary" type="button">Fail</button></div>
</section>
<section id="done-step" hidden>
<h2 tabindex="-1">Payment received</h2>
<p>Thank you. Your plan starts in a moment.</p>
</section>`,
    true,
  );
}

/** The page for a checkout address the store cannot sell from (an unknown product, no buyer). */
export function checkoutErrorPage(message: string): string {
  return page(
    'Checkout not available',
    `<h1>This checkout cannot be shown</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p class="muted">Go back to the pricing page and choose a plan again.</p>`,
    // No form to drive: the script would fail on the elements it looks for.
    false,
  );
}
