#!/usr/bin/env bash
# HTTP benchmark (issue 8): wrk with 64 connections on GET /api/document/{id}
# of a real stack (api + PostgreSQL + Redis, personal access token) versus a
# bare echo handler answering the same body, in the same run. Prints both
# rates and the ratio (target: SPADE >= 25 % of bare).
#
#   bench/http/run.sh            # 10 s each
#   BENCH_DURATION=30s bench/http/run.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
DUR="${BENCH_DURATION:-10s}"
CONNS="${BENCH_CONNECTIONS:-64}"
TMP="$(mktemp -d /tmp/spade-bench-http-XXXXXX)"
PORT="${STACK_PORT:-18080}"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

go build -o "$TMP/loadgen" ./bench/throughput/cmd/loadgen
go build -o "$TMP/bare" ./bench/http/cmd/bare
STACK_PORT="$PORT" STACK_WORKERS=1 STACK_ENV_FILE="$TMP/env" SPADE_LOG_LEVEL=warn scripts/stack.sh 2>"$TMP/stack.log" &
pids+=($!)
for _ in $(seq 600); do [ -s "$TMP/env" ] && break; sleep 0.2; done
[ -s "$TMP/env" ] || { cat "$TMP/stack.log" >&2; exit 1; }
set -a; . "$TMP/env"; set +a
read -r TOKEN ID < <("$TMP/loadgen" -setup -url "http://127.0.0.1:$PORT" -db "$SPADE_DATABASE_URL")
curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >"$TMP/body.json"
"$TMP/bare" -addr 127.0.0.1:18081 -body "$TMP/body.json" &
pids+=($!)
sleep 0.5
echo "body: $(wc -c <"$TMP/body.json") bytes; wrk -t2 -c$CONNS -d$DUR"
rate() { awk '/Requests\/sec/ {print $2}'; }
wrk -t2 -c"$CONNS" -d"$DUR" "http://127.0.0.1:18081/api/document/$ID" >"$TMP/bare.txt"
wrk -t2 -c"$CONNS" -d"$DUR" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >"$TMP/spade.txt"
B=$(rate <"$TMP/bare.txt"); S=$(rate <"$TMP/spade.txt")
grep -E "Latency|Requests/sec|Non-2xx" "$TMP/bare.txt" | sed 's/^/bare  /'
grep -E "Latency|Requests/sec|Non-2xx" "$TMP/spade.txt" | sed 's/^/spade /'
awk -v s="$S" -v b="$B" 'BEGIN { printf "GET /api/document/{id}: spade %.0f req/s, bare echo %.0f req/s, ratio %.1f %% (target >= 25 %%)\n", s, b, 100*s/b }'
