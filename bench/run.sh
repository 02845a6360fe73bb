#!/usr/bin/env bash
# Loopback load test of the catalogue API (against nginx serving the same bytes) and of the
# checkout (cart read and add with wrk, whole purchases per second with
# crates/api/examples/checkout_load on SQLite and PostgreSQL), and two API nodes behind nginx on
# PostgreSQL (report only). Builds the release binary and the load generator, seeds fresh
# databases, loads 127.0.0.1 only, and writes bench/results/latest.md. BENCH_PARTS=checkout (or
# catalogue, mixed, cluster, misses) runs one part. See bench/bench.py and bench/misses.py.
set -euo pipefail
cd "$(dirname "$0")/.."
# BENCH_PARTS also takes "misses" (bench/misses.py: the catalogue without its cache, issue 15;
# BENCH_MISSES_OLD=path/to/old/shop runs an old binary beside the new one).
parts="${BENCH_PARTS:-catalogue checkout mixed cluster misses}"
rest="$(tr ', ' '\n\n' <<<"$parts" | grep -v -e '^misses$' -e '^$' | paste -sd' ' || true)"
if [[ -n "$rest" ]]; then
  BENCH_PARTS="$rest" python3 bench/bench.py "$@"
fi
if tr ', ' '\n\n' <<<"$parts" | grep -qx misses; then
  BENCH_BUILD="${BENCH_BUILD:-1}" python3 bench/misses.py ${BENCH_MISSES_OLD:+"$BENCH_MISSES_OLD"}
fi
