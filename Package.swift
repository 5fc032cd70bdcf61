// swift-tools-version:6.0
import PackageDescription

/// The folders of Sources/Transcode that make TranscodeCore (no C library); the rest (Encode,
/// Transcoder) is Transcode.
let coreFolders = [
  "Read", "Plan", "Schedule", "Containers", "Output", "Measure", "Requests", "Errors",
  "Threads", "System",
]

let package = Package(
  name: "gif2x",
  // Linux only: CI builds and tests it on Debian 12 and 13, and the loader finds libraries
  // with glibc's dl_iterate_phdr (Sources/Transcode/CLoader). No Apple platform is claimed; a
  // build elsewhere stops at the #error in Sources/Transcode/System/SystemCalls.swift.
  products: [
    .executable(name: "gif2x", targets: ["gif2x"]),
    // The library: one module for a program to import (it re-exports TranscodeCore, the
    // C-free core of requests, plans, reports and errors; Examples/ConvertOne).
    .library(name: "Transcode", targets: ["Transcode"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The typed errors and descriptor calls of the library's System folder.
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    // SHA-256 for `--manifest` and `--shard` (the CLI only; the library does not hash).
    .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
    // `make docs`: the library's API reference (swift package generate-documentation). A
    // command plugin only: nothing of it is built into gif2x.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // FFmpeg's headers and a trampoline for each FFmpeg function the project calls: the binary
    // is not linked against FFmpeg, cffmpeg_load() dlopens it when something is encoded
    // (docs/ARCHITECTURE.md, "Loading FFmpeg"). Needs libavcodec-dev, libavformat-dev,
    // libswscale-dev and libavutil-dev (`make deps`).
    .target(name: "CFFmpeg", dependencies: ["CLoader"], path: "Sources/CFFmpeg"),
    // libpng behind a small C face (whole-image encode/decode, its longjmp errors kept in C):
    // PNG sheet pages and posters. Linked directly: two small libraries (libpng16, libz). It
    // lives inside Sources/Transcode, as Core does, to keep the design card's top level.
    .target(
      name: "CPNG", path: "Sources/Transcode/CPNG", linkerSettings: [.linkedLibrary("png16")]),
    // The lazy loader CWebP and CAVIF share (dlopen on first use, a trampoline per function).
    .target(name: "CLoader", path: "Sources/Transcode/CLoader"),
    // libwebp, libwebpmux and libwebpdemux, loaded on first use (not linked): animated WebP and
    // WebP sheet pages. Needs libwebp-dev.
    .target(name: "CWebP", dependencies: ["CLoader"], path: "Sources/Transcode/CWebP"),
    // libavif, loaded on first use (not linked; it pulls in the AV1 codecs): animated AVIF.
    // Needs libavif-dev.
    .target(name: "CAVIF", dependencies: ["CLoader"], path: "Sources/Transcode/CAVIF"),
    // The library's folders follow the data: Read (GIF scan and decode) -> Plan (timeline,
    // runs) -> Schedule (pictures in time, sheet cells in space) -> Encode (video, animated
    // images, sheets, and the thin owners of each C library) -> Containers (MP4/WebM/AVIF
    // rewrites) -> Output (atomic files, the web page); Measure, Requests, Errors, Threads and
    // System serve them, Transcoder holds the entry points and Web the `--to web` run (its
    // candidates, their hand-off between two threads, search starts, judging, the size
    // guard's estimates; docs/ARCHITECTURE.md).
    // TranscodeCore is the stages that need no C library, so the fuzzers build them alone.
    .target(
      name: "TranscodeCore",
      dependencies: [.product(name: "SystemPackage", package: "swift-system")],
      path: "Sources/Transcode",
      exclude: ["Encode", "Web", "Transcoder", "CPNG", "CLoader", "CWebP", "CAVIF"],
      sources: coreFolders),
    // The library users import: the core plus the encoders and the entry points.
    .target(
      name: "Transcode",
      dependencies: ["TranscodeCore", "CFFmpeg", "CPNG", "CWebP", "CAVIF"],
      path: "Sources/Transcode",
      exclude: coreFolders + ["CPNG", "CLoader", "CWebP", "CAVIF"]
    ),
    .executableTarget(
      name: "gif2x",
      dependencies: [
        "Transcode",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    // What both test targets write GIFs with (bit packing, sub-blocks).
    .target(name: "GIFTestSupport", path: "Tests/GIFTestSupport"),
    .testTarget(
      name: "TranscodeTests", dependencies: ["Transcode", "TranscodeCore", "GIFTestSupport"],
      exclude: ["Golden"]),
    // End-to-end tests run the gif2x binary: depending on it keeps `swift test` from running a
    // stale one.
    .testTarget(name: "gif2xTests", dependencies: ["gif2x", "Transcode", "GIFTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
