#!/usr/bin/env bash
# Full-size fault and load tests on real processes (issues 8 and 18): 200
# analyses through kill -9 of a worker, a Redis restart, a PostgreSQL stop,
# a Redis Sentinel fail-over, the malformed-upload corpus, the "no shared
# disk" topology (api + 3 workers with their own data dirs, uploads in an
# S3-compatible store, a shared 60 requests/minute LLM budget), and the
# attacks of issue 12 (field floods and decompression bombs under an RSS
# bound, export ratios, slow bodies, headers, cross-site logout, file
# modes), the cost attacks of issue 27 (a dense BPMN file in the worker and
# re-laid out in the api, a TXT of a million lines also through the
# anonymous demo, a DOCX inflating to 90 MB of text, 60-megapixel
# pictures, PDF bombs through LZW, ASCIIHex and long dictionaries, refine
# and restore of 100,000 elements, a large diagram to clients that never
# read, a token scoped to one account: status, detail, each process's CPU
# seconds and peak RSS growth). CI runs the same tests at 20 analyses (and
# issue 27's at a smaller size). Then every fuzz
# target of the module runs for a fixed budget (SPADE_FUZZ_TIME, default 60s each).
#
#   scripts/soak.sh            # SPADE_SOAK_N=200
#   SPADE_SOAK_N=500 SPADE_FUZZ_TIME=5m scripts/soak.sh
#   SPADE_SOAK_FUZZ=0 scripts/soak.sh   # without the fuzz stage
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/ensure-system.sh"
export SPADE_SOAK_N="${SPADE_SOAK_N:-200}"
go test -count=1 -timeout 40m -run '^TestSoak' -v ./cmd/spade/

[ "${SPADE_SOAK_FUZZ:-1}" = 0 ] && exit 0
fuzz_time="${SPADE_FUZZ_TIME:-60s}"
# -fuzzminimizetime bounds the minimisation of every new input: at its
# default (60 s per input) FuzzDOCX, FuzzDOC and FuzzAnalyzeText spent
# their whole budget minimising and ran 3-14 inputs a minute; with 100
# tries they run thousands a second.
fuzz() {
  echo "== fuzz $2 ($1) for $fuzz_time"
  go test -run '^$' -fuzz "^$2\$" -fuzztime "$fuzz_time" -fuzzminimizetime 100x -parallel 1 "$1"
}
# Every Fuzz target in the module, found by `go test -list`, so that a new
# target joins the soak without an edit here.
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    fuzz "$pkg" "$target"
  done
done
