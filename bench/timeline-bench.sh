#!/usr/bin/env bash
# Times Timeline.plan on 100,000 frames in an optimised build, and fails when a plan fails,
# shows no frame or takes over 10 s. The C-free core (Sources/Transcode/Core) is pure Swift, so
# it is compiled here on its own with the benchmark's main file; no package build needed.
# Usage: bench/timeline-bench.sh [-O|-Ounchecked]   (default -O)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
find Sources/Transcode/Core -name '*.swift' -print0 >"$out/sources"
xargs -0 swiftc "${1:--O}" -parse-as-library -module-name TimelineBench -package-name gif2x \
  bench/TimelineBench.swift Tests/TranscodeTests/SeededGenerator.swift -lm -o "$out/timeline-bench" <"$out/sources"
"$out/timeline-bench"
