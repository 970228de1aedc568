// The test store's checkout page script, served as /store/store.js (the app's CSP allows no
// inline script). It sends the card to the store's backend and, once paid, tells the page
// that framed it with the message 'thankyou' (spec 1 §4), to this origin only.
const $ = (id) => document.getElementById(id);
const form = $('pay-form');
const payButton = $('pay-button');
const payError = $('pay-error');
const UNREACHABLE = 'The store could not be reached. Please check your connection and try again.';
let confirmToken = null;

function show(step) {
  for (const id of ['pay-step', 'confirm-step', 'done-step']) $(id).hidden = id !== step;
  if (step !== 'pay-step') $(step).querySelector('h2').focus();
}

function showError(message) {
  show('pay-step');
  payError.textContent = message;
  payError.hidden = false;
}

function busy(buttons, on) {
  for (const b of buttons) b.disabled = on;
}

async function post(path, body) {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    return response.ok ? answer : { message: answer.message || UNREACHABLE };
  } catch {
    return { message: UNREACHABLE };
  }
}

function settle(answer) {
  if (answer.ok) {
    show('done-step');
    window.parent.postMessage('thankyou', location.origin);
  } else if (answer.confirm) {
    confirmToken = answer.confirm;
    show('confirm-step');
  } else {
    showError(answer.message);
  }
}

const payLabel = payButton.textContent;

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  payError.hidden = true;
  busy([payButton], true);
  payButton.textContent = 'Processing…';
  const data = form.dataset;
  const answer = await post('/store/pay', {
    product: data.product,
    guid: data.guid,
    email: data.email,
    coupon: data.coupon || null,
    card: {
      number: $('card-number').value,
      expiry: $('card-expiry').value,
      cvc: $('card-cvc').value,
      name: $('card-name').value,
    },
  });
  busy([payButton], false);
  payButton.textContent = payLabel;
  settle(answer);
});

// MM/YY as it is typed: '1228' reads '12/28'.
$('card-expiry').addEventListener('input', (event) => {
  const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
  event.target.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
});

for (const card of document.querySelectorAll('[data-card]')) {
  card.addEventListener('click', () => {
    $('card-number').value = card.dataset.card;
    $('card-expiry').focus();
  });
}

for (const [id, approve] of [
  ['confirm-complete', true],
  ['confirm-fail', false],
]) {
  $(id).addEventListener('click', async () => {
    const buttons = [$('confirm-complete'), $('confirm-fail')];
    busy(buttons, true);
    const answer = await post('/store/confirm', { token: confirmToken, approve });
    busy(buttons, false);
    settle(answer);
  });
}
