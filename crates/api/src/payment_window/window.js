// The sandbox payment window (decisions.md "Checkout and payment"). It posts the card to the
// sandbox and tells its opener the outcome as {status: "SUCCESS" | "ABORTED", token}; the
// shop completes the purchase only after asking the provider, never on this word alone.
(function () {
  'use strict';
  var token = window.location.pathname.split('/').pop();
  var form = document.getElementById('card-form');
  var pay = document.getElementById('pay');
  var cancel = document.getElementById('cancel');
  var status = document.getElementById('status');
  var open = document.getElementById('amount').getAttribute('data-open') === 'true';
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

  function field(name) {
    return form.elements.namedItem(name).value.trim();
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
    pay.disabled = true;
    show('Processing...');
    var body = {
      cardNumber: field('cardNumber'),
      expMonth: Number(field('expMonth')),
      expYear: Number(field('expYear')),
      cvc: field('cvc'),
      name: field('name'),
    };
    fetch('/api/payments/sandbox/' + encodeURIComponent(token), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (res) {
        return res.json().then(function (json) {
          return { ok: res.ok, json: json };
        });
      })
      .then(function (answer) {
        if (answer.ok && answer.json.status === 'SUCCESS') {
          show('Payment approved.', 'ok');
          report('SUCCESS');
          window.setTimeout(function () {
            window.close();
          }, 300);
          return;
        }
        show(answer.json.message || 'Payment failed.', 'error');
        pay.disabled = false;
      })
      .catch(function () {
        show('The payment could not be sent. Please try again.', 'error');
        pay.disabled = false;
      });
  });
})();
