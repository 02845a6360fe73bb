#!/usr/bin/env bash
# Fuzzes the real server against its own OpenAPI document with schemathesis (`--checks all`):
# a fresh demo shop on SQLite (or PostgreSQL with FUZZ_DB=postgres, inside
# scripts/with-postgres.sh), one pass signed in as the first admin and one as a shopper.
# Usage: fuzz/run.sh   (FUZZ_MAX_EXAMPLES, FUZZ_SEED, SHOP_BIN to change the defaults)
# Exit status: schemathesis's (0 only when no check failed).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
bin="${SHOP_BIN:-$root/target/debug/shop}"
venv="${FUZZ_VENV:-$root/target/fuzz-venv}"
version="4.32.5"

if [[ ! -x "$venv/bin/schemathesis" ]] || ! "$venv/bin/schemathesis" --version | grep -q "$version"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi
[[ -x "$bin" ]] || { echo "fuzz: $bin is missing (cargo build -p shop-api --bin shop)" >&2; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shop-fuzz.XXXXXX")"
pid=""
cleanup() {
  if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
if [[ "${FUZZ_DB:-sqlite}" == postgres ]]; then
  [[ -n "${TEST_DATABASE_URL:-}" ]] || { echo "fuzz: run under scripts/with-postgres.sh" >&2; exit 1; }
  db="shop_fuzz_$$"
  psql -q "$TEST_DATABASE_URL" -c "CREATE DATABASE $db"
  export DATABASE_URL="${TEST_DATABASE_URL%/*}/$db"
else
  export DATABASE_URL="sqlite://$tmp/shop.db"
fi
admin_email="admin@example.com" admin_password='Fuzz#2026admin'
SHOP_ADDR="127.0.0.1:$port" SHOP_DATA_DIR="$tmp" SHOP_FRONTEND_DIR="$root/frontend/dist" \
  SHOP_ADMIN_EMAIL="$admin_email" SHOP_ADMIN_PASSWORD="$admin_password" \
  JWT_SECRET="fuzz-secret-0123456789abcdef0123456789abcdef" \
  SHOP_LOGIN_RATE_LIMIT=1000000 SHOP_ACCOUNT_LOGIN_RATE_LIMIT=1000000 SHOP_CHECKOUT_SESSIONS_PER_HOUR=1000000 \
  SHOP_REGISTER_RATE_LIMIT=1000000 SHOP_REGISTER_RATE_LIMIT_TOTAL=1000000 \
  SHOP_METRICS_ADDR=off SHOP_WORKERS=2 RUST_LOG="${RUST_LOG:-error}" \
  "$bin" serve >"$tmp/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log" >&2; exit 1; }
  sleep 0.5
done

sign_in() {
  curl -fsS -X POST "$base/api/user/login" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
shopper_email="shopper@example.com" shopper_password='Fuzz#2026shopper'
curl -fsS -X POST "$base/api/user/register" -H 'content-type: application/json' \
  -d "{\"email\":\"$shopper_email\",\"password\":\"$shopper_password\"}" >/dev/null

status=0
for who in shopper admin; do
  if [[ $who == admin ]]; then token="$(sign_in "$admin_email" "$admin_password")"
  else token="$(sign_in "$shopper_email" "$shopper_password")"; fi
  echo "fuzz: ${FUZZ_DB:-sqlite}, signed in as the $who"
  "$venv/bin/schemathesis" --no-color --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" \
    --checks all --header "Authorization: Bearer $token" \
    --max-examples "${FUZZ_MAX_EXAMPLES:-25}" --seed "${FUZZ_SEED:-2026}" \
    ${FUZZ_ARGS:-} || status=$?
done
if grep -q "panicked" "$tmp/server.log"; then
  echo "fuzz: the server panicked:" >&2; grep -A5 panicked "$tmp/server.log" >&2; status=1
fi
exit "$status"
