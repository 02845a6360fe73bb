#!/usr/bin/env bash
# Loopback load test of the catalogue API (against nginx serving the same bytes) and of the
# checkout (cart read and add with wrk, whole purchases per second with
# crates/api/examples/checkout_load on SQLite and PostgreSQL). Builds the release binary and the
# load generator, seeds fresh databases, loads 127.0.0.1 only, and writes
# bench/results/latest.md. BENCH_PARTS=checkout (or catalogue) runs one part. See bench/bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/bench.py "$@"
