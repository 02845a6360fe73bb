#!/usr/bin/env bash
# Starts localstripe (a Stripe emulator, installed by `make standins`) on loopback, then the
# real shop server with Stripe as its payment provider, pointed at the emulator's API and at
# its Stripe.js stand-in (start-server.sh does the rest).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
localstripe="${SHOP_TEST_LOCALSTRIPE:-$root/target/standins-venv/bin/localstripe}"
port="${E2E_STRIPE_EMULATOR_PORT:?E2E_STRIPE_EMULATOR_PORT is not set}"

if [[ ! -x "$localstripe" ]]; then
  echo "start-stripe-server.sh: $localstripe is missing; run make standins" >&2
  exit 1
fi

# Each run its own empty emulator (no state loaded from /tmp/localstripe.pickle).
"$localstripe" --port "$port" --from-scratch >/dev/null 2>&1 &
stripe_pid=$!
trap 'kill "$stripe_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    break
  fi
  sleep 0.1
done

export SHOP_PAYMENTS=stripe
export STRIPE_SECRET_KEY=sk_test_e2e
export STRIPE_PUBLISHABLE_KEY=pk_test_e2e
export STRIPE_WEBHOOK_SECRET=whsec_e2e
export SHOP_STRIPE_API_URL="http://127.0.0.1:$port"
export SHOP_STRIPE_JS_URL="http://127.0.0.1:$port/js.stripe.com/v3/"
export E2E_PORT="${E2E_STRIPE_PORT:?E2E_STRIPE_PORT is not set}"
# The mail folder playwright.config.ts made is the first shop's: this one keeps its own.
unset E2E_MAIL_DIR
bash "$here/start-server.sh"
