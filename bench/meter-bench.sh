#!/usr/bin/env bash
# Times the fidelity meter (PSNR and SSIM, with and without SSIMULACRA2 moments) per megapixel
# of one interval, in an optimised build. The C-free core (the folders Package.swift's coreFolders
# names) is pure Swift, so it is compiled here on its own with the benchmark's main file.
# Usage: bench/meter-bench.sh [-O|-Ounchecked]   (default -O; whole-module, as a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
folders=$(sed -n '/^let coreFolders/,/^]/p' Package.swift | grep -o '"[A-Za-z]*"' | tr -d '"')
# shellcheck disable=SC2086
(cd Sources/Transcode && find $folders -name '*.swift' -printf 'Sources/Transcode/%p\0') >"$out/sources"
xargs -0 swiftc "${1:--O}" -wmo -parse-as-library -module-name MeterBench -package-name gif2x \
  bench/MeterBench.swift Tests/TranscodeTests/SeededGenerator.swift -lm -o "$out/meter-bench" <"$out/sources"
"$out/meter-bench"
