#!/usr/bin/env bash
# Throughput benchmark (issues 8, 26): analyses per second with 1, 2 and 3
# worker processes, each at concurrency 50, against a fake
# OpenAI-compatible model that answers after 2 s; resident memory per
# in-flight analysis; then each rate against the ideal (1 worker's rate
# times the worker count; issue 26 target >= 0.95 at 3).
#
#   nice -n 10 bench/throughput/run.sh      # 200 analyses per worker process
#
# The analyses scale with the workers: a fixed 200 at 3 workers (150
# clients, 2 s each) is little more than one round, so the ramp-up and the
# last stragglers, not the workers, set the rate.
#   BENCH_N=400 BENCH_LLM_DELAY=2s BENCH_WORKERS="1 2" bench/throughput/run.sh
#
# Every client polls its analysis every BENCH_POLL (100 ms): at 3 workers
# that is 1,500 polls/s of unfinished analyses in the one api process.
# The api answers about two thirds of them from its cache of unfinished
# analyses (dropped by the workers' change messages); the rest are
# database reads (loadgen's upload_p50 and client_p50 show the api's
# share; the workers' own time per analysis grows about 5 % from 1 to 3
# workers).
#
# Where the rest goes: bench/throughput/probe.sh. On the 2 shared cores
# of issue 26 (load 5 to 11 from other work) the CPU an analysis costs
# stayed ~20 ms from 1 to 3 workers, but the time the api, workers and
# PostgreSQL spent runnable and waiting for a CPU grew (api: 3.7 s per
# second run at 1 worker, 6.5 at 3), and the rate at 3 workers followed
# the machine's idle time (48.5 to 56.4/s between runs of one build): the
# machine, not a lock or Redis, keeps it under 0.95 of ideal. The one
# shared lock (the uploader's daily usage row, on which up to 14 uploads
# queued) is gone since Ledger.Take is one statement.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
N="${BENCH_N:-200}"
DELAY="${BENCH_LLM_DELAY:-2s}"
CONC="${BENCH_CONCURRENCY:-50}"
# How often each client polls its analysis (the web app: every 1.5 s).
POLL="${BENCH_POLL:-100ms}"
TMP="$(mktemp -d /tmp/spade-bench-tp-XXXXXX)"
go build -o "$TMP/loadgen" ./bench/throughput/cmd/loadgen
trap 'rm -rf "$TMP"' EXIT

: >"$TMP/rates"
for W in ${BENCH_WORKERS:-1 2 3}; do
  # The stack picks free ports and writes them to the env file.
  STACK_WORKERS="$W" STACK_CONCURRENCY="$CONC" STACK_FAKE_LLM="$DELAY" \
    STACK_ENV_FILE="$TMP/env$W" SPADE_LOG_LEVEL=warn scripts/stack.sh 2>"$TMP/stack$W.log" &
  SP=$!
  # The stack builds spade first, which takes minutes on a busy machine:
  # wait for as long as it runs.
  while kill -0 "$SP" 2>/dev/null && [ ! -s "$TMP/env$W" ]; do sleep 0.2; done
  [ -s "$TMP/env$W" ] || { cat "$TMP/stack$W.log" >&2; kill $SP; exit 1; }
  set -a; . "$TMP/env$W"; set +a
  PORT="$STACK_PORT"
  WPIDS=$(pgrep -f "$STACK_DIR/bin/spade worker" | paste -sd, -)
  # Warm up (pdfium compile, connections), then measure.
  "$TMP/loadgen" -url "http://127.0.0.1:$PORT" -db "$SPADE_DATABASE_URL" -n 10 -c 10 >/dev/null
  echo "== $W worker process(es), concurrency $CONC each, LLM latency $DELAY, $((N * W)) analyses, $((CONC * W)) clients"
  "$TMP/loadgen" -url "http://127.0.0.1:$PORT" -db "$SPADE_DATABASE_URL" -n "$((N * W))" -c $((CONC * W)) -poll "$POLL" -pids "$WPIDS" | tee "$TMP/out$W"
  echo "$W $(sed -n 's/.*rate=\([0-9.]*\).*/\1/p' "$TMP/out$W") $(cut -d' ' -f1 /proc/loadavg)" >>"$TMP/rates"
  kill $SP; wait $SP 2>/dev/null || true
  # The next stack picks its own ports and directory.
  unset STACK_PORT STACK_DIR
done
awk 'NR == 1 { one = $2 } { printf "%d worker(s): %.2f analyses/s, %.2fx one worker, %.2f of ideal (load %s)\n", $1, $2, $2 / one, $2 / (one * $1), $3 }' "$TMP/rates"
