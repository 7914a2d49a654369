#!/usr/bin/env bash
# Starts `spade serve` on embedded defaults (SQLite, in-process Redis,
# built-in OpenID provider, builtin analyzer) on free loopback ports with
# throwaway data dirs, runs the Playwright journeys against them, stops them.
#
# One server per Playwright worker: each worker has its own users,
# daily-call ledgers, queue and analyses, so a journey that pauses the queue
# or spends a user's daily calls cannot touch the journeys another worker
# runs at the same time. SPADE_E2E_WORKERS sets the number; by default
# three, on any number of cores. The journeys mostly wait (on the app's
# polls, the worker, page loads and bpmn-js settling), not compute: one
# worker used 0.25 of a core (look.spec.ts: 21 s of CPU in 89 s), and on a
# 2-core machine other helpers kept at load 7-21 the 48 journeys took
# 8.9 min with one worker, 5.6 min with two and 4.7 min with three
# (CPU for the whole run, servers and Chromium included: 1.6-2.1 min).
# An earlier measurement (two workers slower than one on 2 cores) predates
# CI's traces going to 'on-first-retry': a trace recorded for every journey
# made them CPU-bound.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin/spade"
workers=${SPADE_E2E_WORKERS:-3}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

pids=() datas=() urls=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for d in "${datas[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

for _ in $(seq 1 "$workers"); do
  port=$(free_port)
  data=$(mktemp -d /tmp/spade-e2e-XXXXXX)
  SPADE_ADDR="127.0.0.1:$port" SPADE_DATA_DIR="$data" SPADE_UI_DIR="$root/ui/dist" \
    SPADE_CACHE_DIR="${TMPDIR:-/tmp}/spade-test-cache" SPADE_LOG_LEVEL=info \
    "$bin" serve >"$data/serve.log" 2>&1 &
  pids+=($!) datas+=("$data") urls+=("http://127.0.0.1:$port")
done

for i in "${!pids[@]}"; do
  for _ in $(seq 1 300); do
    if curl -fsS "${urls[$i]}/api/health" >/dev/null 2>&1; then break; fi
    if ! kill -0 "${pids[$i]}" 2>/dev/null; then cat "${datas[$i]}/serve.log"; exit 1; fi
    sleep 0.2
  done
  curl -fsS "${urls[$i]}/api/health" >/dev/null || { cat "${datas[$i]}/serve.log"; exit 1; }
done

cd "$root/ui"
# playwright.config.ts runs one worker per URL; e2e/fixtures.ts gives each
# worker its own server.
SPADE_E2E_URLS=$(IFS=,; echo "${urls[*]}") npm run e2e -- "$@" || {
  for i in "${!datas[@]}"; do echo "--- spade serve log of worker $i (tail) ---"; tail -50 "${datas[$i]}/serve.log"; done
  exit 1
}
