#!/usr/bin/env bash
# Layout benchmark in one run: Go benchmarks of pkg/bpmn/layout (10, 50,
# 500, 2000 nodes), then the same seeded random processes laid out by
# SPADE (with and without lanes) and by bpmn-auto-layout 1.3.0 (npm, no
# lanes), with time, overlapping shapes, edge crossings, bends and edges
# through shapes for each. Extra arguments go to the comparison, e.g.
#   bench/layout/run.sh -sizes 10,50,500 -seed 7 -out /tmp/layout-files
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ ! -d tools/bpmncheck/node_modules ]; then
  (cd tools/bpmncheck && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi
echo "== go test -bench BenchmarkLayout ./pkg/bpmn/layout"
go test -run '^$' -bench 'BenchmarkLayout' -benchmem ./pkg/bpmn/layout
echo
echo "== go test -bench BenchmarkBuild ./pkg/bpmn (model -> BPMN XML with layout)"
go test -run '^$' -bench 'BenchmarkBuild' -benchmem ./pkg/bpmn
echo
echo "== SPADE vs bpmn-auto-layout (same graphs; bpmn-auto-layout draws no lanes)"
go run ./bench/layout/compare -node tools/bpmncheck "$@"
