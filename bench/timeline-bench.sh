#!/usr/bin/env bash
# Times Timeline.plan on 100,000 frames in an optimised build, and fails when a plan fails,
# shows no frame or takes over 10 s. The C-free core (the folders Package.swift's coreFolders names) is pure Swift, so
# it is compiled here on its own with the benchmark's main file; no package build needed.
# Usage: bench/timeline-bench.sh [-O|-Ounchecked]   (default -O)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
folders=$(sed -n '/^let coreFolders/,/^]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
# shellcheck disable=SC2086
(cd Sources/Transcode && find $folders -name '*.swift' -printf 'Sources/Transcode/%p\0') >"$out/sources"
xargs -0 swiftc "${1:--O}" -parse-as-library -module-name TimelineBench -package-name gif2x \
  bench/TimelineBench.swift Tests/TranscodeTests/SeededGenerator.swift -lm -o "$out/timeline-bench" <"$out/sources"
"$out/timeline-bench"
