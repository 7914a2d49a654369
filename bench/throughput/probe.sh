#!/usr/bin/env bash
# Where the time goes in one throughput run (issue 26): starts one stack of
# W workers like run.sh, runs the measured load, and writes to OUT
#   stats   loadgen's figures; CPU and run-queue wait of the api, the
#           workers and PostgreSQL (from /proc/*/task/*/schedstat: time
#           run, and time runnable but waiting for a CPU); the machine's
#           idle time; Redis INFO commandstats and SLOWLOG (> 2 ms)
#   pgwait  PostgreSQL's active client backends every 0.2 s: wait event
#           and statement (a lock convoy shows as rows of Lock|...)
#
#   nice -n 10 bench/throughput/probe.sh /tmp/probe3 3
#
# Issue 26 (2 cores shared with other work, load 6 to 11): at 3 workers
# the api waited 6.5 s in the run queue for every second it ran (W=1: 3.7)
# and the machine had almost no idle time, while the CPU each analysis
# costs stayed the same (~20 ms over api, worker and database): the rate
# followed the machine's idle time, not the stack.
set -euo pipefail
OUT="$1"
W="${2:-3}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
mkdir -p "$OUT"
rm -f "$OUT/env"
go build -o "$OUT/loadgen" ./bench/throughput/cmd/loadgen
STACK_WORKERS="$W" STACK_CONCURRENCY=50 STACK_FAKE_LLM="${BENCH_LLM_DELAY:-2s}" STACK_ENV_FILE="$OUT/env" \
  SPADE_LOG_LEVEL=warn scripts/stack.sh 2>"$OUT/stack.log" &
SP=$!
trap 'kill $SP 2>/dev/null; wait $SP 2>/dev/null || true' EXIT
while kill -0 "$SP" 2>/dev/null && [ ! -s "$OUT/env" ]; do sleep 0.2; done
[ -s "$OUT/env" ] || { cat "$OUT/stack.log" >&2; exit 1; }
set -a; . "$OUT/env"; set +a

# sched PID…: milliseconds run and waiting in the run queue, summed over
# every thread of the processes.
sched() {
  for p in "$@"; do cat /proc/"$p"/task/*/schedstat 2>/dev/null || true; done |
    awk '{ r += $1; w += $2 } END { printf "%d %d\n", r / 1e6, w / 1e6 }'
}
idle() { awk '/^cpu / { print $5 + $6 }' /proc/stat; }
API=$(pgrep -f "$STACK_DIR/bin/spade api")
WK=$(pgrep -f "$STACK_DIR/bin/spade worker" | paste -sd' ')
PM=$(pgrep -f "postgres.*$STACK_DIR/pg" | head -1)
RP=${SPADE_REDIS_URL##*:}
RP=${RP%%/*}

"$OUT/loadgen" -url "$STACK_URL" -db "$SPADE_DATABASE_URL" -n 10 -c 10 >/dev/null
redis-cli -p "$RP" config resetstat >/dev/null
redis-cli -p "$RP" config set slowlog-log-slower-than 2000 >/dev/null
psql -q "$SPADE_DATABASE_URL" >"$OUT/pgwait" 2>&1 <<'SQL' &
\pset format unaligned
\pset tuples_only on
SELECT clock_timestamp()::time, coalesce(wait_event_type, 'cpu'), coalesce(wait_event, '-'), left(regexp_replace(query, '\s+', ' ', 'g'), 70), count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1, 2, 3, 4 \watch 0.2
SQL
PSQ=$!
sleep 0.5

read -r a0 aw0 < <(sched $API)
read -r w0 ww0 < <(sched $WK)
# PostgreSQL starts a backend per new connection: the ones that exist at
# the end include those, whose counts start at 0.
read -r p0 pw0 < <(sched "$PM" $(pgrep -P "$PM"))
i0=$(idle)
T0=$(date +%s.%N)
/usr/bin/time -f "loadgen_cpu user=%U sys=%S" -o "$OUT/lgtime" \
  "$OUT/loadgen" -url "$STACK_URL" -db "$SPADE_DATABASE_URL" -n $((200 * W)) -c $((50 * W)) \
  -poll "${BENCH_POLL:-100ms}" -pids "${WK// /,}" >"$OUT/loadgen.out"
T1=$(date +%s.%N)
read -r a1 aw1 < <(sched $API)
read -r w1 ww1 < <(sched $WK)
read -r p1 pw1 < <(sched "$PM" $(pgrep -P "$PM"))
i1=$(idle)
kill "$PSQ"
{
  cat "$OUT/loadgen.out" "$OUT/lgtime"
  echo "W=$W seconds=$(echo "$T1 - $T0" | bc) machine_idle=$(((i1 - i0) * 10))ms load=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "api:      run=$((a1 - a0))ms runqueue_wait=$((aw1 - aw0))ms"
  echo "workers:  run=$((w1 - w0))ms runqueue_wait=$((ww1 - ww0))ms"
  echo "postgres: run=$((p1 - p0))ms runqueue_wait=$((pw1 - pw0))ms"
  echo "postgres lock waits (samples): $(grep -c '|Lock|' "$OUT/pgwait" || true)"
  redis-cli -p "$RP" info commandstats | tr -d '\r' | sort -t= -k3 -rn | head -12
  echo "slowlog:"
  redis-cli -p "$RP" slowlog get 5
} >"$OUT/stats"
cat "$OUT/stats" | head -9
