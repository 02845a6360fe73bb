#!/usr/bin/env bash
# Starts the real shop server for the browser tests on a fresh SQLite database.
# The binary must be built beforehand (`make e2e` does it); this script never builds.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
port="${E2E_PORT:-18080}"
bin="${SHOP_BIN:-$root/target/debug/shop}"
frontend="$root/frontend/dist"

if [[ ! -x "$bin" ]]; then
  echo "start-server.sh: $bin is missing; build it first (make e2e, or cargo build -p shop-api --bin shop)" >&2
  exit 1
fi
if [[ ! -f "$frontend/index.html" ]]; then
  echo "start-server.sh: $frontend/index.html is missing; run npm --prefix frontend run build" >&2
  exit 1
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shop-e2e.XXXXXX")"
# The shop's data folder: E2E_MAIL_DIR when playwright.config.ts made one for this server, so
# that the specs can read its mails, else the temporary folder. Either goes when the server
# stops. With E2E_MAIL_DIR and aiosmtpd (SHOP_TEST_AIOSMTPD, `make standins`), the shop sends
# its mails over SMTP to aiosmtpd, which keeps them in the Maildir {E2E_MAIL_DIR}/catcher;
# without aiosmtpd, the shop writes them as .eml files in {E2E_MAIL_DIR}/mail.
data="${E2E_MAIL_DIR:-$tmp}"
mkdir -p "$data"
pid=""
smtp_pid=""
cleanup() {
  if [[ -n "$pid" ]]; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  if [[ -n "$smtp_pid" ]]; then
    kill "$smtp_pid" 2>/dev/null || true
    wait "$smtp_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
  # Only a folder made for the run (playwright.config.ts names it shop-e2e-mail.*).
  if [[ "$data" != "$tmp" && "$(basename "$data")" == shop-e2e-mail.* ]]; then
    rm -rf "$data"
  fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT

export DATABASE_URL="sqlite://$tmp/shop.db"
export SHOP_ADDR="127.0.0.1:$port"
export SHOP_DATA_DIR="$data"
export SHOP_FRONTEND_DIR="$frontend"
export SHOP_ADMIN_EMAIL="admin@example.com"
export SHOP_ADMIN_PASSWORD='Admin#2026pass'
export JWT_SECRET="e2e-secret-0123456789abcdef0123456789abcdef"
# Every spec signs in (and some register) from one address; the production limits would trip.
export SHOP_LOGIN_RATE_LIMIT=10000
export SHOP_ACCOUNT_LOGIN_RATE_LIMIT=10000
# Checkout specs open many payment sessions with one account.
export SHOP_CHECKOUT_SESSIONS_PER_HOUR=10000
export SHOP_REGISTER_RATE_LIMIT=10000
export SHOP_RESET_RATE_LIMIT=10000
# The outbox is read every 100 ms (default 1 s), so a spec finds its mail at once.
export SHOP_MAIL_POLL_MS=100
export SHOP_METRICS_ADDR="127.0.0.1:0"
export SHOP_WORKERS="${SHOP_WORKERS:-2}"
export RUST_LOG="${RUST_LOG:-warn}"

if [[ -n "${E2E_MAIL_DIR:-}" && -x "${SHOP_TEST_AIOSMTPD:-}" ]]; then
  smtp_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$SHOP_TEST_AIOSMTPD" -n -l "127.0.0.1:$smtp_port" -c aiosmtpd.handlers.Mailbox "$data/catcher" &
  smtp_pid=$!
  for _ in $(seq 1 300); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$smtp_port") 2>/dev/null; then
      break
    fi
    sleep 0.1
  done
  export SHOP_SMTP_URL="smtp://127.0.0.1:$smtp_port?tls=none"
  export SHOP_MAIL_FROM="Fireworks Shop <shop@example.com>"
fi

"$bin" serve &
pid=$!
wait "$pid"
