/// An independent transcription of SwiftyGif's `calculateFrameDelay(_:levelOfIntegrity:)`
/// (alexiscreuzot/SwiftyGif, `SwiftyGif/UIImage+SwiftyGif.swift`, MIT licence), statement by
/// statement, with the UIKit state (`self.imageCount`, `self.displayOrder`, ...) turned into a
/// returned value and the ProMotion 120 fps branch left out (60 Hz screen). Written separately
/// from `Timeline+Integrity.swift` so the tests compare two readings of the same source.
enum SwiftyGifReference {
  /// What SwiftyGif stores on the UIImage after `calculateFrameDelay`.
  struct Result: Equatable {
    var displayRefreshFactor: Int?
    var imageCount: Int?
    var displayOrder: [Int]?

    /// The frame rate the display order plays at on a 60 Hz screen.
    var framesPerSecond: Int? { displayRefreshFactor.map { 60 / $0 } }
  }

  /// `delaysArray` in seconds, as SwiftyGif reads them from ImageIO (Float).
  static func calculateFrameDelay(_ delaysArray: [Float], levelOfIntegrity: Float) -> Result {
    var result = Result()
    let levelOfIntegrity = max(0, min(1, levelOfIntegrity))
    var delays = delaysArray

    var displayRefreshFactors = [Int]()
    displayRefreshFactors.append(contentsOf: [60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1])

    // The highest rate, 60 by default.
    let maxFramePerSecond = displayRefreshFactors[0]

    // Frames per second for each factor.
    let displayRefreshRates = displayRefreshFactors.map { maxFramePerSecond / $0 }

    // The time per frame for each rate.
    let displayRefreshDelayTime = displayRefreshRates.map { 1 / Float($0) }

    // The time at which each frame ends (running sum, in Float).
    for i in delays.indices.dropFirst() {
      delays[i] += delays[i - 1]
    }

    // The first factor that loses few enough frames wins.
    for (i, delayTime) in displayRefreshDelayTime.enumerated() {
      let displayPosition = delays.map { Int($0 / delayTime) }

      var frameLoseCount: Float = 0
      for j in displayPosition.indices.dropFirst()
      where displayPosition[j] == displayPosition[j - 1] {
        frameLoseCount += 1
      }
      if displayPosition.first == 0 {
        frameLoseCount += 1
      }

      let allowed = Float(displayPosition.count) * (1 - levelOfIntegrity)
      if frameLoseCount <= allowed || i == displayRefreshDelayTime.count - 1 {
        result.imageCount = displayPosition.last
        result.displayRefreshFactor = displayRefreshFactors[i]
        result.displayOrder = []
        var oldIndex = 0
        var newIndex = 1
        let imageCount = result.imageCount ?? 0

        while newIndex <= imageCount && oldIndex < displayPosition.count {
          if newIndex <= displayPosition[oldIndex] {
            result.displayOrder?.append(oldIndex)
            newIndex += 1
          } else {
            oldIndex += 1
          }
        }
        break
      }
    }
    return result
  }
}
