#!/usr/bin/env bash
# npm ci in a folder when its node_modules is missing or older than its lock
# file. Browsers come from Debian (/usr/bin/chromium), never downloaded.
set -euo pipefail
dir=$1
[ -f "$dir/package-lock.json" ] || exit 0
stamp="$dir/node_modules/.spade-installed"
if [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ] && [ "$stamp" -nt "$dir/package.json" ]; then
  exit 0
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
touch "$stamp"
