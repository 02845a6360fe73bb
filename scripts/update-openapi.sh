#!/usr/bin/env bash
# Rewrites frontend/src/api/openapi.json from the served document (the api test with
# UPDATE_OPENAPI=1), keeping the committed copy's key order so that the diff shows only what
# changed, then regenerates frontend/src/api/schema.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
copy=frontend/src/api/openapi.json
before=$(mktemp)
trap 'rm -f "$before"' EXIT
cp "$copy" "$before"
UPDATE_OPENAPI=1 ${CARGO:-cargo} test -q -p shop-api --test api openapi >/dev/null
python3 - "$before" "$copy" <<'PY'
import json, sys
old = json.load(open(sys.argv[1]))
new = json.load(open(sys.argv[2]))
def order(n, o):
    if isinstance(n, dict):
        o = o if isinstance(o, dict) else {}
        keys = [k for k in o if k in n] + [k for k in n if k not in o]
        return {k: order(n[k], o.get(k)) for k in keys}
    if isinstance(n, list):
        o = o if isinstance(o, list) else []
        return [order(x, o[i] if i < len(o) else None) for i, x in enumerate(n)]
    return n
with open(sys.argv[2], "w") as f:
    f.write(json.dumps(order(new, old), indent=2, ensure_ascii=False) + "\n")
PY
npm --prefix frontend run --silent api:types
