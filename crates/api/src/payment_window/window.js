// The payment window (decisions.md "Checkout and payment"), for the sandbox and for Stripe.
// It tells its opener the outcome as {status: "SUCCESS" | "ABORTED", token}; the shop
// completes the purchase only after asking the provider, never on this word alone.
//
// Sandbox: the card form posts to the sandbox, which authorizes or declines the payment.
// Stripe: Stripe.js's card element takes the card (its number never reaches the shop); the card
// goes to the shop as Stripe's id of it, the shop puts it to the session's PaymentIntent and
// confirms it there, and a bank's 3-D Secure is then done by Stripe.js in this window.
(function () {
  'use strict';
  var token = window.location.pathname.split('/').pop();
  var form = document.getElementById('card-form');
  var pay = document.getElementById('pay');
  var cancel = document.getElementById('cancel');
  var status = document.getElementById('status');
  var amount = document.getElementById('amount');
  var open = amount.getAttribute('data-open') === 'true';
  var provider = amount.getAttribute('data-provider');
  var reported = false;

  function report(result) {
    if (reported) return;
    reported = true;
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage({ status: result, token: token }, window.location.origin);
    }
  }

  function show(text, kind) {
    status.textContent = text;
    status.className = kind || '';
  }

  function approved() {
    show('Payment approved.', 'ok');
    report('SUCCESS');
    window.setTimeout(function () {
      window.close();
    }, 300);
  }

  function failed(text) {
    show(text || 'Payment failed.', 'error');
    pay.disabled = false;
  }

  function unsent() {
    failed('The payment could not be sent. Please try again.');
  }

  /** POSTs `body` as JSON; resolves {ok, json}. */
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        return { ok: res.ok, json: json };
      });
    });
  }

  function field(name) {
    return form.elements.namedItem(name).value.trim();
  }

  function sandboxPay() {
    var body = {
      cardNumber: field('cardNumber'),
      expMonth: Number(field('expMonth')),
      expYear: Number(field('expYear')),
      cvc: field('cvc'),
      name: field('name'),
    };
    post('/api/payments/sandbox/' + encodeURIComponent(token), body)
      .then(function (answer) {
        if (answer.ok && answer.json.status === 'SUCCESS') approved();
        else failed(answer.json.message);
      })
      .catch(unsent);
  }

  var stripe = null;
  var card = null;
  if (provider === 'stripe') {
    if (typeof window.Stripe !== 'function') {
      open = false;
      show('The card form could not be loaded. Please close this window and try again.', 'error');
    } else {
      stripe = window.Stripe(amount.getAttribute('data-key'));
      card = stripe.elements().create('card');
      card.mount('#card-element');
    }
  }

  /**
   * Stripe's id of the card in the element: a PaymentMethod. (A Stripe.js that makes no
   * PaymentMethod, as the Stripe emulator's stand-in, is asked for a card token instead, whose
   * card id the PaymentIntent takes the same way.)
   */
  function stripeCard() {
    return Promise.resolve(stripe.createPaymentMethod({ type: 'card', card: card })).then(function (made) {
      if (made && made.error) throw made.error;
      if (made && made.paymentMethod) return made.paymentMethod.id;
      return stripe.createToken(card).then(function (tokenized) {
        if (tokenized.error) throw tokenized.error;
        return tokenized.token.card.id;
      });
    });
  }

  function stripePay() {
    stripeCard()
      .then(function (method) {
        return post('/api/payments/stripe/' + encodeURIComponent(token) + '/card', { paymentMethod: method });
      })
      .then(function (answer) {
        var json = answer.json;
        if (!answer.ok || json.status === 'DECLINED') return failed(json.message);
        if (json.status === 'SUCCESS') return approved();
        show('Your bank asks you to confirm the payment...');
        return stripe.confirmCardPayment(json.clientSecret).then(function (confirmed) {
          if (confirmed.error) return failed(confirmed.error.message);
          if (confirmed.paymentIntent && confirmed.paymentIntent.status === 'requires_capture') return approved();
          return failed();
        });
      })
      .catch(function (error) {
        if (error && error.message) failed(error.message);
        else unsent();
      });
  }

  if (!open) {
    pay.disabled = true;
  }

  cancel.addEventListener('click', function () {
    report('ABORTED');
    window.close();
  });

  window.addEventListener('pagehide', function () {
    report('ABORTED');
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (!open) return;
    pay.disabled = true;
    show('Processing...');
    if (stripe) stripePay();
    else sandboxPay();
  });
})();
