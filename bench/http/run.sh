#!/usr/bin/env bash
# HTTP benchmark (issue 8): wrk with 64 connections on GET /api/document/{id}
# of a real stack (api + PostgreSQL + Redis, personal access token) versus a
# bare echo handler answering the same body, in the same run: BENCH_PAIRS
# repeated pairs (the order alternating, so that neither side always runs
# on a warmer or quieter machine), each pair's rates and ratio, then the
# median, min and max ratio (issue 26 target: SPADE >= 85 % of bare). wrk
# shares the cores with both servers, so the load average is printed beside
# each pair: on a busy machine compare ratios, not rates. Then as many
# rounds with both servers loaded at once (half the connections each),
# whose CPU-per-request ratio the other load on the machine moves least.
#
# What a poll's headers alone cost: two bare servers side by side, one
# with `-headers 7` (SPADE's 8 with the type) and one with `-headers 7
# -length` (a ninth, which grows the header map), under one wrk each.
#
#   nice -n 10 bench/http/run.sh                      # 5 pairs of 5 s
#   BENCH_PAIRS=9 BENCH_DURATION=10s bench/http/run.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
DUR="${BENCH_DURATION:-5s}"
PAIRS="${BENCH_PAIRS:-5}"
CONNS="${BENCH_CONNECTIONS:-64}"
TMP="$(mktemp -d /tmp/spade-bench-http-XXXXXX)"
# Ports are free ones the kernel picks (the stack's in scripts/stack.sh):
# fixed ones collided with other runs on a shared machine.
BARE_PORT="${BENCH_BARE_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

go build -o "$TMP/loadgen" ./bench/throughput/cmd/loadgen
go build -o "$TMP/bare" ./bench/http/cmd/bare
STACK_WORKERS=1 STACK_ENV_FILE="$TMP/env" SPADE_LOG_LEVEL=warn scripts/stack.sh 2>"$TMP/stack.log" &
SP=$!
pids+=($SP)
# The stack builds spade first, which takes minutes on a busy machine:
# wait for as long as it runs.
while kill -0 "$SP" 2>/dev/null && [ ! -s "$TMP/env" ]; do sleep 0.2; done
[ -s "$TMP/env" ] || { cat "$TMP/stack.log" >&2; exit 1; }
set -a; . "$TMP/env"; set +a
PORT="$STACK_PORT"
read -r TOKEN ID < <("$TMP/loadgen" -setup -url "http://127.0.0.1:$PORT" -db "$SPADE_DATABASE_URL")
curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >"$TMP/body.json"
"$TMP/bare" -addr 127.0.0.1:$BARE_PORT -body "$TMP/body.json" &
pids+=($!)
sleep 0.5
echo "body: $(wc -c <"$TMP/body.json") bytes; wrk -t2 -c$CONNS -d$DUR, $PAIRS pairs (order alternating); load: $(uptime | sed 's/.*load average: //')"
rate() { awk '/Requests\/sec/ {print $2}' "$1"; }
non2xx() { awk '/Non-2xx/ {print $NF}' "$1"; }
requests() { awk '/requests in/ {print $1}' "$1"; }
# CPU time (user + system, clock ticks) of a process: the server's CPU per
# request is the figure least moved by the other load on the machine.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
API_PID=$(pgrep -f "$STACK_DIR/bin/spade api" | head -1)
BARE_PID=${pids[-1]}
HZ=$(getconf CLK_TCK)
# Both servers get the same request (the bare one ignores the token).
bare_run() {
  local t0; t0=$(ticks "$BARE_PID")
  wrk -t2 -c"$CONNS" -d"$DUR" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$BARE_PORT/api/document/$ID" >"$TMP/bare.txt"
  BARE_CPU=$(awk -v a="$t0" -v b="$(ticks "$BARE_PID")" -v n="$(requests "$TMP/bare.txt")" -v hz="$HZ" 'BEGIN { printf "%.1f", (b - a) / hz * 1e6 / n }')
}
spade_run() {
  local t0; t0=$(ticks "$API_PID")
  wrk -t2 -c"$CONNS" -d"$DUR" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >"$TMP/spade.txt"
  SPADE_CPU=$(awk -v a="$t0" -v b="$(ticks "$API_PID")" -v n="$(requests "$TMP/spade.txt")" -v hz="$HZ" 'BEGIN { printf "%.1f", (b - a) / hz * 1e6 / n }')
}
# Warm both servers (connections, caches) before the measured pairs.
wrk -t1 -c8 -d1s "http://127.0.0.1:$BARE_PORT/api/document/$ID" >/dev/null
wrk -t1 -c8 -d1s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >/dev/null
: >"$TMP/ratios"; : >"$TMP/cpuratios"
for i in $(seq "$PAIRS"); do
  if [ $((i % 2)) = 1 ]; then bare_run; spade_run; else spade_run; bare_run; fi
  B=$(rate "$TMP/bare.txt"); S=$(rate "$TMP/spade.txt"); E=$(non2xx "$TMP/spade.txt")
  [ -z "$E" ] || { echo "spade answered $E non-2xx responses" >&2; cat "$TMP/spade.txt" >&2; exit 1; }
  awk -v i="$i" -v s="$S" -v b="$B" -v sc="$SPADE_CPU" -v bc="$BARE_CPU" -v l="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
    printf "pair %d: spade %.0f req/s, bare %.0f req/s, ratio %.1f %%; server CPU per request spade %.1f us, bare %.1f us, bare/spade %.1f %% (load %s)\n", i, s, b, 100*s/b, sc, bc, 100*bc/sc, l }'
  awk -v s="$S" -v b="$B" 'BEGIN { printf "%.4f\n", 100*s/b }' >>"$TMP/ratios"
  awk -v sc="$SPADE_CPU" -v bc="$BARE_CPU" 'BEGIN { printf "%.4f\n", 100*bc/sc }' >>"$TMP/cpuratios"
done
# Then both servers at once, each under its own wrk with half the
# connections: a pair run one after the other meets a different machine
# on each side (other people's jobs come and go within seconds, and a
# server that gets less CPU answers fewer requests per wake-up, so each
# costs more); run together, both meet the same one.
: >"$TMP/together"
for i in $(seq "$PAIRS"); do
  tb=$(ticks "$BARE_PID"); ts=$(ticks "$API_PID")
  wrk -t1 -c$((CONNS / 2)) -d"$DUR" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$BARE_PORT/api/document/$ID" >"$TMP/bare.txt" &
  WB=$!
  wrk -t1 -c$((CONNS / 2)) -d"$DUR" -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$PORT/api/document/$ID" >"$TMP/spade.txt"
  wait "$WB"
  E=$(non2xx "$TMP/spade.txt")
  [ -z "$E" ] || { echo "spade answered $E non-2xx responses" >&2; cat "$TMP/spade.txt" >&2; exit 1; }
  awk -v i="$i" -v nb="$(requests "$TMP/bare.txt")" -v ns="$(requests "$TMP/spade.txt")" -v b0="$tb" -v b1="$(ticks "$BARE_PID")" \
    -v s0="$ts" -v s1="$(ticks "$API_PID")" -v hz="$HZ" -v l="$(cut -d' ' -f1 /proc/loadavg)" -v out="$TMP/together" 'BEGIN {
    bc = (b1 - b0) / hz * 1e6 / nb; sc = (s1 - s0) / hz * 1e6 / ns
    printf "together %d: spade %d requests, bare %d; server CPU per request spade %.1f us, bare %.1f us, bare/spade %.1f %% (load %s)\n", i, ns, nb, sc, bc, 100*bc/sc, l
    printf "%.4f\n", 100*bc/sc >>out }'
done
summary() { sort -n "$1" | awk -v n="$PAIRS" -v what="$2" '{ r[NR] = $1 } END {
  med = (n % 2) ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
  printf "GET /api/document/{id}: %s = %.1f %% median (min %.1f, max %.1f) over %d pairs\n", what, med, r[1], r[n], n }'; }
summary "$TMP/ratios" "requests/s, spade / bare echo (target >= 85 %)"
summary "$TMP/cpuratios" "server CPU per request, bare echo / spade"
summary "$TMP/together" "server CPU per request, both at once, bare echo / spade"
echo "load after: $(uptime | sed 's/.*load average: //')"
