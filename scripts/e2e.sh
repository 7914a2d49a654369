#!/usr/bin/env bash
# Starts `spade serve` on embedded defaults (SQLite, in-process Redis,
# built-in OpenID provider, builtin analyzer) on a free loopback port with a
# throwaway data dir, runs the Playwright journeys against it, stops it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin/spade"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d /tmp/spade-e2e-XXXXXX)
log="$data/serve.log"
export SPADE_ADDR="127.0.0.1:$port" SPADE_DATA_DIR="$data" SPADE_UI_DIR="$root/ui/dist" \
  SPADE_CACHE_DIR="${TMPDIR:-/tmp}/spade-test-cache" SPADE_LOG_LEVEL=info
"$bin" serve >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; exit 1; fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$log"; exit 1; }
cd "$root/ui"
SPADE_E2E_URL="http://127.0.0.1:$port" npm run e2e -- "$@" || { echo "--- spade serve log (tail) ---"; tail -50 "$log"; exit 1; }
