#!/usr/bin/env bash
# Full-size fault and load tests on real processes (issues 8 and 18): 200
# analyses through kill -9 of a worker, a Redis restart, a PostgreSQL stop,
# a Redis Sentinel fail-over, the malformed-upload corpus, and the "no shared
# disk" topology (api + 3 workers with their own data dirs, uploads in an
# S3-compatible store, a shared 60 requests/minute LLM budget). CI runs the
# same tests at 20 analyses.
#
#   scripts/soak.sh            # SPADE_SOAK_N=200
#   SPADE_SOAK_N=500 scripts/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/ensure-system.sh"
export SPADE_SOAK_N="${SPADE_SOAK_N:-200}"
exec go test -count=1 -timeout 30m -run '^TestSoak' -v ./cmd/spade/
