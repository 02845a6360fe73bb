#!/usr/bin/env bash
# The hexagon's dependency rules, checked by `make lint` (from Cargo's own view of the crates):
# - domain (the core) depends on no web, database or async runtime crate: not actix, diesel,
#   tokio or r2d2, directly or through another crate;
# - api (the driving adapter) has no diesel of its own (normal, dev or build dependency):
#   it reaches the database through the domain's ports, which persistence implements;
# - payments (the payment providers) and mail (the mailers), driven adapters, depend on no
#   crate of the workspace but domain, and on no database crate (diesel, r2d2), not even for
#   tests: what payments keeps in the shop's database goes through a domain port
#   (SandboxLedger) that persistence implements; mail is handed its outbox's envelopes.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0

forbidden='^(actix[a-z_-]*|diesel[a-z_-]*|tokio[a-z_-]*|r2d2[a-z_-]*) '
domain_tree=$(cargo tree --offline -p domain -e normal --prefix none --format '{p}' 2>/dev/null \
  || cargo tree -p domain -e normal --prefix none --format '{p}')
if bad=$(grep -E "$forbidden" <<<"$domain_tree" | sort -u) && [ -n "$bad" ]; then
  echo "boundaries: the domain crate must not depend on actix, diesel, tokio or r2d2, but its tree has:" >&2
  sed 's/^/  /' <<<"$bad" >&2
  status=1
fi

api_direct=$(cargo tree --offline -p shop-api -e normal,dev,build --depth 1 --prefix none --format '{p}' 2>/dev/null \
  || cargo tree -p shop-api -e normal,dev,build --depth 1 --prefix none --format '{p}')
if bad=$(grep -E '^diesel[a-z_-]* ' <<<"$api_direct" | sort -u) && [ -n "$bad" ]; then
  echo "boundaries: the api crate must not depend on diesel (use the domain's ports), but it has:" >&2
  sed 's/^/  /' <<<"$bad" >&2
  status=1
fi

for adapter in payments mail; do
  tree=$(cargo tree --offline -p "$adapter" -e normal,dev,build --prefix none --format '{p}' 2>/dev/null \
    || cargo tree -p "$adapter" -e normal,dev,build --prefix none --format '{p}')
  # Workspace crates show their path: "domain v0.1.0 (/.../crates/domain)".
  bad=$( { grep -F ' (/' <<<"$tree" | grep -Ev "^(domain|$adapter) " || true; \
           grep -E '^(diesel[a-z_-]*|r2d2[a-z_-]*|libsqlite3-sys|pq-sys) ' <<<"$tree" || true; } \
         | sort -u)
  if [ -n "$bad" ]; then
    echo "boundaries: the $adapter crate may depend on domain only (and no database crate), but its tree has:" >&2
    sed 's/^/  /' <<<"$bad" >&2
    status=1
  fi
done

[ "$status" -eq 0 ] && echo "boundaries: domain has no actix/diesel/tokio/r2d2; api has no diesel; payments and mail depend on domain only"
exit "$status"
