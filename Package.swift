// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "gif2x",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "gif2x", targets: ["gif2x"]),
    .library(name: "Transcode", targets: ["Transcode"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat",
      providers: [
        .apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev", "pkg-config"])
      ]
    ),
    .target(
      name: "Transcode",
      dependencies: ["CFFmpeg"],
      swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
    ),
    .executableTarget(
      name: "gif2x",
      dependencies: [
        "Transcode",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "TranscodeTests", dependencies: ["Transcode"], exclude: ["Golden"]),
    .testTarget(name: "gif2xTests", dependencies: ["Transcode"]),
  ],
  swiftLanguageModes: [.v6]
)
