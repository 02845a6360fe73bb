#!/usr/bin/env bash
# No source file over 700 lines (issue 33), checked by `make lint`: every tracked *.rs, *.ts
# and *.tsx file, except the diesel schema, the seed data and the files generated from the API
# document. Fails listing each file over the limit with its line count.
set -euo pipefail
cd "$(dirname "$0")/.."

max=700
excluded='^(crates/persistence/src/schema\.rs|crates/persistence/src/seed/.*|frontend/src/api/schema\.ts|frontend/src/api/openapi\.json)$'

files=()
while IFS= read -r -d '' file; do
  [[ "$file" =~ $excluded ]] || [ ! -f "$file" ] || files+=("$file")
done < <(git ls-files -z -- '*.rs' '*.ts' '*.tsx')

# One awk over every file: the line count of each (a last line without a newline counts too).
over=()
while IFS= read -r line; do
  over+=("$line")
done < <(awk -v max="$max" '
  FNR == 1 && NR > 1 && n > max { printf "%6d %s\n", n, f }
  { n = FNR; f = FILENAME }
  END { if (n > max) printf "%6d %s\n", n, f }' ${files[@]+"${files[@]}"} </dev/null)

if [ "${#over[@]}" -gt 0 ]; then
  echo "file sizes: ${#over[@]} source files over $max lines (split them by topic):" >&2
  printf '  %s\n' "${over[@]}" >&2
  exit 1
fi
echo "file sizes: ${#files[@]} source files, none over $max lines"
