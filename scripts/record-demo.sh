#!/usr/bin/env bash
# Records the landing page's demo video from the product itself: starts
# `spade serve` on a throwaway data dir, lets Playwright run the anonymous
# demo (upload → stages → diagram) while taking 8 frames a second, and
# encodes them with ffmpeg (Debian package) into
# ui/public/media/spade-demo.mp4 (H.264, no audio, ≤ 2 MB) and the poster
# ui/public/media/spade-demo-poster.jpg. The landing page works without them.
# Needs bin/spade (go tool task build) and ui/dist (go tool task build:ui).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v ffmpeg >/dev/null || { echo "ffmpeg missing: apt-get install -y ffmpeg" >&2; exit 1; }
bin="$root/bin/spade"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d /tmp/spade-record-XXXXXX)
export SPADE_ADDR="127.0.0.1:$port" SPADE_DATA_DIR="$data" SPADE_UI_DIR="$root/ui/dist" SPADE_LOG_LEVEL=warn
"$bin" serve >"$data/serve.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$data/serve.log"; exit 1; }
  sleep 0.2
done
frames="$data/frames"
(cd "$root/ui" && SPADE_E2E_URL="http://127.0.0.1:$port" SPADE_FRAMES_DIR="$frames" npx playwright test -c record/playwright.record.config.ts)
count=$(find "$frames" -name 'frame-*.png' | wc -l)
[ "$count" -gt 10 ] || { echo "no frames recorded" >&2; exit 1; }
media="$root/ui/public/media"
mkdir -p "$media"
# 960 px wide, CRF 30: the UI's flat colours compress well; faststart so it plays while loading.
ffmpeg -loglevel error -y -framerate 8 -i "$frames/frame-%05d.png" -an -vf "scale=960:-2:flags=lanczos" \
  -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart "$media/spade-demo.mp4"
# The poster is the last frame: the finished diagram.
last=$(find "$frames" -name 'frame-*.png' | sort | tail -1)
ffmpeg -loglevel error -y -i "$last" -vf "scale=960:-2" -q:v 4 "$media/spade-demo-poster.jpg"
size=$(stat -c %s "$media/spade-demo.mp4")
echo "spade-demo.mp4: $size bytes; poster: $(stat -c %s "$media/spade-demo-poster.jpg") bytes"
[ "$size" -le $((2 * 1024 * 1024)) ] || { echo "video larger than 2 MB" >&2; exit 1; }
