// swift-tools-version:6.0
// A program that uses gif2x's library the way another package would: by path, through its
// library product, calling only what it makes public.
import PackageDescription

let package = Package(
  name: "ConvertOne",
  dependencies: [.package(name: "gif2x", path: "../..")],
  targets: [
    .executableTarget(
      name: "ConvertOne",
      dependencies: [
        .product(name: "Transcode", package: "gif2x")
      ])
  ],
  swiftLanguageModes: [.v6]
)
