#!/usr/bin/env bash
# Installs the Debian packages SPADE's tests and tools need, when missing.
# Idempotent and quiet when everything is there.
set -euo pipefail

need=()
have() { command -v "$1" >/dev/null 2>&1; }
have redis-server || need+=(redis-server)
{ have pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; } || need+=(postgresql)
have pdftotext || need+=(poppler-utils)
have tesseract || need+=(tesseract-ocr tesseract-ocr-eng)
have xmllint || need+=(libxml2-utils)
have chromium || need+=(chromium)
have wrk || need+=(wrk)
# bench/diagrams draws its Graphviz flowchart set with dot
have dot || need+=(graphviz)
have setpriv || need+=(util-linux)
have redis-sentinel || need+=(redis-sentinel)
have docker-compose || need+=(docker-compose)
# The race detector (go test -race in `task test:go`) needs cgo: a C
# compiler and the C library headers. Builds stay CGO_ENABLED=0.
have gcc || need+=(gcc)
[ -e /usr/include/stdlib.h ] || need+=(libc6-dev)
# The race run links the system SQLite (-tags libsqlite3, see Taskfile.yml)
# instead of compiling mattn/go-sqlite3's copy.
[ -e /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)

# The S3-compatible test server builds from the Go module proxy into the
# tools cache the tests look in (pkg/testenv.ToolsDir).
tools="${SPADE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/spade-tools/bin}"
if ! have versitygw && [ ! -x "$tools/versitygw" ]; then
  echo "installing: versitygw v1.8.0 into $tools" >&2
  mkdir -p "$tools"
  GOBIN="$tools" CGO_ENABLED=0 go install github.com/versity/versitygw/cmd/versitygw@v1.8.0
fi

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  if have sudo; then SUDO=sudo; else
    echo "missing packages: ${need[*]} (run as root or install them)" >&2; exit 1
  fi
else
  SUDO=
fi
echo "installing: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
