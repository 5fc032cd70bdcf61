/// An owned image: width * height pixels of straight-alpha RGBA, row by row, no padding.
package struct RGBAImage: Equatable, Sendable {
  package var width: Int
  package var height: Int
  package var pixels: [UInt8]

  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height * 4, "RGBAImage: pixel count does not match size")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A fully transparent image.
  package init(width: Int, height: Int) {
    self.init(
      width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
  }

  /// The RGBA of one pixel.
  package func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }
}
