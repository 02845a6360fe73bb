#!/usr/bin/env bash
# Loopback load test of the catalogue API against nginx serving the same bytes.
# Builds the release binary, seeds 10,000 and 100,000 products into fresh SQLite databases,
# runs wrk on 127.0.0.1 only, and writes bench/results/latest.md. See bench/bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/bench.py "$@"
