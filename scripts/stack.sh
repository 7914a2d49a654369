#!/usr/bin/env bash
# Runs the compose topology as local processes on loopback, for load tests
# on a machine without Docker: a throwaway PostgreSQL and Redis, one `spade
# api` and two `spade worker` processes, JSON logs one file per process.
#
#   scripts/stack.sh            # start, print the URLs, wait for Ctrl-C
#   STACK_WORKERS=1 scripts/stack.sh
#   STACK_FAKE_LLM=2s scripts/stack.sh   # OpenAI-compatible fake model with 2 s latency
#   STACK_S3=1 scripts/stack.sh   # no shared disk: uploads in versitygw (S3), a data dir per process
#
# Everything lives in $STACK_DIR (default: a new temp dir) and is removed on
# exit unless STACK_KEEP=1. Ports are free loopback ports the kernel picks
# (several stacks, benchmarks and other people's servers share a machine)
# unless given: api $STACK_PORT, Redis $STACK_REDIS_PORT, PostgreSQL
# $STACK_PG_PORT, the fake model $STACK_LLM_PORT, S3 $STACK_S3_PORT, workers' /metrics from
# $STACK_METRICS_PORT up. STACK_ENV_FILE receives the database, Redis and
# api addresses once the stack is up.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STACK_DIR="${STACK_DIR:-$(mktemp -d /tmp/spade-stack-XXXXXX)}"
STACK_WORKERS="${STACK_WORKERS:-2}"
STACK_CONCURRENCY="${STACK_CONCURRENCY:-8}"
# free_ports N prints N distinct ports that were free a moment ago: all
# sockets are held until every port is chosen, so none repeats.
free_ports() {
  python3 -c 'import socket, sys
ss = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in ss: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in ss))' "$1"
}
read -r -a FREE < <(free_ports $((5 + STACK_WORKERS)))
STACK_PORT="${STACK_PORT:-${FREE[0]}}"
REDIS_PORT="${STACK_REDIS_PORT:-${FREE[1]}}"
PG_PORT="${STACK_PG_PORT:-${FREE[2]}}"
LLM_PORT="${STACK_LLM_PORT:-${FREE[3]}}"
S3_PORT="${STACK_S3_PORT:-${FREE[4]}}"
METRICS_PORTS=("${FREE[@]:5}")
mkdir -p "$STACK_DIR/bin" "$STACK_DIR/data" "$STACK_DIR/logs"

pids=()
cleanup() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "${PGDATA_DIR:-}" ]; then as_pg "$PGBIN/pg_ctl" stop -D "$PGDATA_DIR" -m fast >/dev/null 2>&1 || true; fi
  if [ "${STACK_KEEP:-0}" != 1 ]; then rm -rf "$STACK_DIR"; else echo "kept $STACK_DIR" >&2; fi
}
# A signal exits (the EXIT trap cleans up): a cleanup run by the INT or
# TERM trap alone returned into the script, which went on to start
# PostgreSQL after its directory was removed and left it running.
trap cleanup EXIT
trap 'exit 143' INT TERM

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"; else "$@"; fi
}

echo "building spade…" >&2
(cd "$ROOT" && CGO_ENABLED=0 go build -o "$STACK_DIR/bin/spade" ./cmd/spade)

# PostgreSQL (refuses to run as root: run it as the postgres user).
PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
PGDATA_DIR="$STACK_DIR/pg/data"
mkdir -p "$STACK_DIR/pg"
if [ "$(id -u)" -eq 0 ]; then chmod 755 "$STACK_DIR"; chown -R postgres: "$STACK_DIR/pg"; fi
as_pg "$PGBIN/initdb" -D "$PGDATA_DIR" -U app --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" start -w -D "$PGDATA_DIR" -l "$STACK_DIR/pg/log" \
  -o "-p $PG_PORT -h 127.0.0.1 -k $STACK_DIR/pg -c fsync=off -c max_connections=200" >/dev/null

redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --daemonize no --loglevel warning \
  >"$STACK_DIR/logs/redis.log" 2>&1 &
pids+=($!)

export SPADE_DATABASE_URL="postgres://app@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
export SPADE_REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
export SPADE_DATA_DIR="$STACK_DIR/data"
export SPADE_CACHE_DIR="${SPADE_CACHE_DIR:-/tmp/spade-test-cache}"
export SPADE_LOG_FORMAT=json
export SPADE_ADDR="127.0.0.1:$STACK_PORT"
export SPADE_WORKER_CONCURRENCY="$STACK_CONCURRENCY"
export SPADE_UI_DIR="${SPADE_UI_DIR:-$ROOT/ui/dist}"

if [ "${STACK_S3:-0}" = 1 ]; then
  VGW="$(command -v versitygw || echo "${SPADE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/spade-tools/bin}/versitygw")"
  [ -x "$VGW" ] || { echo "versitygw missing: run scripts/ensure-system.sh" >&2; exit 1; }
  mkdir -p "$STACK_DIR/s3/spade"
  export AWS_ACCESS_KEY_ID=stack AWS_SECRET_ACCESS_KEY=stack-secret
  ROOT_ACCESS_KEY="$AWS_ACCESS_KEY_ID" ROOT_SECRET_KEY="$AWS_SECRET_ACCESS_KEY" \
    "$VGW" --port "127.0.0.1:$S3_PORT" posix "$STACK_DIR/s3" >"$STACK_DIR/logs/s3.log" 2>&1 &
  pids+=($!)
  export SPADE_BLOB_URL="s3://spade?endpoint=http://127.0.0.1:$S3_PORT&region=us-east-1&use_path_style=true"
  # Processes share no disk, so they must share the key for users' API keys.
  export SPADE_SECRET_KEY="${SPADE_SECRET_KEY:-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')}"
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$S3_PORT") 2>/dev/null && break; sleep 0.1; done
fi
own_dir() { if [ "${STACK_S3:-0}" = 1 ]; then echo "$STACK_DIR/data-$1"; else echo "$SPADE_DATA_DIR"; fi; }

if [ -n "${STACK_FAKE_LLM:-}" ]; then
  (cd "$ROOT" && go build -o "$STACK_DIR/bin/fakellm" ./bench/throughput/cmd/fakellm)
  "$STACK_DIR/bin/fakellm" -addr "127.0.0.1:$LLM_PORT" -delay "$STACK_FAKE_LLM" >"$STACK_DIR/logs/fakellm.log" 2>&1 &
  pids+=($!)
  export SPADE_LLM_PROVIDER=openai SPADE_LLM_BASE_URL="http://127.0.0.1:$LLM_PORT/v1" OPENAI_API_KEY=fake SPADE_LLM_MODEL=fake-model
fi

for _ in $(seq 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
"$STACK_DIR/bin/spade" migrate >"$STACK_DIR/logs/migrate.log" 2>&1

SPADE_DATA_DIR="$(own_dir api)" "$STACK_DIR/bin/spade" api >"$STACK_DIR/logs/api.log" 2>&1 &
pids+=($!)
for i in $(seq 1 "$STACK_WORKERS"); do
  if [ -n "${STACK_METRICS_PORT:-}" ]; then mport=$((STACK_METRICS_PORT + i - 1)); else mport=${METRICS_PORTS[$((i - 1))]}; fi
  SPADE_DATA_DIR="$(own_dir "worker$i")" SPADE_METRICS_ADDR="127.0.0.1:$mport" "$STACK_DIR/bin/spade" worker >"$STACK_DIR/logs/worker$i.log" 2>&1 &
  pids+=($!)
done

for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$STACK_PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$STACK_PORT/api/health" >&2 || { echo "api did not become healthy; see $STACK_DIR/logs" >&2; exit 1; }
echo >&2
cat >&2 <<MSG
SPADE stack is up (1 api, $STACK_WORKERS workers):
  app        http://127.0.0.1:$STACK_PORT
  database   $SPADE_DATABASE_URL
  redis      $SPADE_REDIS_URL
  uploads    ${SPADE_BLOB_URL:-$SPADE_DATA_DIR/uploads}
  logs       $STACK_DIR/logs  (JSON, one line per event: request_id / task_id / analysis_id)
  workers'   /metrics on 127.0.0.1:${STACK_METRICS_PORT:-${METRICS_PORTS[*]}}…
  admin      SPADE_DATABASE_URL=$SPADE_DATABASE_URL $STACK_DIR/bin/spade users grant-operator --email …
Ctrl-C stops everything.
MSG
if [ -n "${STACK_ENV_FILE:-}" ]; then
  { echo "SPADE_DATABASE_URL=$SPADE_DATABASE_URL"; echo "SPADE_REDIS_URL=$SPADE_REDIS_URL"; echo "STACK_DIR=$STACK_DIR"; echo "SPADE_BIN=$STACK_DIR/bin/spade"; echo "STACK_PORT=$STACK_PORT"; echo "STACK_URL=http://127.0.0.1:$STACK_PORT"; } >"$STACK_ENV_FILE"
fi
wait -n "${pids[@]}" || true
echo "a process exited; stopping the stack (logs in $STACK_DIR/logs)" >&2
