#!/usr/bin/env bash
# Full-size fault and load tests on real processes (issue 8): 200 analyses
# through kill -9 of a worker, a Redis restart, a PostgreSQL stop, plus the
# malformed-upload corpus. CI runs the same tests at 20 analyses.
#
#   scripts/soak.sh            # SPADE_SOAK_N=200
#   SPADE_SOAK_N=500 scripts/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
"$(dirname "$0")/ensure-system.sh"
export SPADE_SOAK_N="${SPADE_SOAK_N:-200}"
exec go test -count=1 -timeout 30m -run '^TestSoak' -v ./cmd/spade/
