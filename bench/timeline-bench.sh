#!/usr/bin/env bash
# Times Timeline.plan on 100,000 frames in an optimised build. The timeline code is pure Swift,
# so it is compiled here on its own with the benchmark's main file; no package build needed.
# Usage: bench/timeline-bench.sh [-O|-Ounchecked]   (default -O)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc "${1:--O}" -parse-as-library -module-name TimelineBench \
  Sources/Transcode/Timeline/*.swift bench/TimelineBench.swift -lm -o "$out/timeline-bench"
"$out/timeline-bench"
