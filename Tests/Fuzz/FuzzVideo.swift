/// Target `video`: video geometry over canvases 0...65535 a side, every even mode (or none),
/// optional sizes, pixel art, even-coded or not; and the schedule of a random plan. Valid inputs
/// (a canvas of at least 1x1, sizes 2 to 16384 as the CLI allows) must give sizes of at least 1,
/// even when an even mode is asked for or the codec needs it; nothing may trap.
func fuzzVideo(_ data: UnsafeBufferPointer<UInt8>) {
  var input = FuzzInput(data)
  let width = input.int(0...65535)
  let height = input.int(0...65535)
  let even: VideoRequest.EvenSize? = input.bool() ? input.pick(VideoRequest.EvenSize.allCases) : nil
  let sizes = input.bool() ? 2...16384 : -1...100_000
  let (outWidth, outHeight) = (input.optional(sizes), input.optional(sizes))
  let pixelArt = input.bool()
  let evenCoded = input.bool()
  let geometry = VideoGeometry(
    canvasWidth: width, canvasHeight: height, even: even, width: outWidth, height: outHeight,
    pixelArt: pixelArt, evenCoded: evenCoded)
  let valid =
    width >= 1 && height >= 1
    && [outWidth, outHeight].allSatisfy { $0.map { (2...16384).contains($0) } ?? true }
  if valid {
    for side in [geometry.outputWidth, geometry.outputHeight] {
      precondition(side >= 1, "empty output: \(geometry)")
      if even != nil || pixelArt { precondition(side % 2 == 0, "odd output: \(geometry)") }
    }
    for (coded, output) in [
      (geometry.codedWidth, geometry.outputWidth), (geometry.codedHeight, geometry.outputHeight),
    ] {
      precondition(coded == output || (evenCoded && coded == output + 1), "coded: \(geometry)")
      if evenCoded { precondition(coded % 2 == 0, "odd coded size: \(geometry)") }
    }
    if outWidth == nil && outHeight == nil && even != .scale {
      precondition(!geometry.resamples, "only --even scale, --width and --height resample")
    }
  }
  fuzzSchedule(&input)
  fuzzCodecRequest(&input)
  fuzzResize(&input)
}

/// `--width`, `--height`, `--max-width` over canvases 0...65535 a side: validation must not
/// trap; a size it passes gives sides of at least 1 and at most twice the largest side, a
/// `--max-width` alone never widens the GIF (nor changes one that fits), and video's geometry
/// from the sides asked stays non-empty.
private func fuzzResize(_ input: inout FuzzInput) {
  let resize = Resize(
    width: input.optional(-2...40000), height: input.optional(-2...40000),
    maxWidth: input.optional(-2...40000))
  let (w, h) = (input.int(0...65535), input.int(0...65535))
  guard (try? resize.validate()) != nil, w >= 1, h >= 1 else { return }
  let size = resize.size(canvasWidth: w, canvasHeight: h)
  // Nothing asked: the canvas's own size, however large (each encoder refuses it later).
  if resize.isNone { precondition(size == (w, h), "no resize gave \(size)") }
  // A side asked is that side; one that follows the aspect stays within twice the largest.
  for side in [size.width, size.height] where !resize.isNone {
    precondition(
      side >= 1 && (side <= 2 * VideoGeometry.maxSide || side == w || side == h),
      "resize gave \(size)")
  }
  if let maxWidth = resize.maxWidth, resize.height == nil {
    precondition(size.width <= w, "--max-width widened \(w) to \(size.width)")
    if w <= maxWidth { precondition(size == (w, h), "a GIF that fits was resized") }
  }
  // Video takes sides of 2 or more (``VideoRequest/sizeRange``): a 1 is refused before any
  // geometry is made.
  guard (try? resize.validate(range: VideoRequest.sizeRange)) != nil else { return }
  let sides = resize.sides(canvasWidth: w, canvasHeight: h)
  let geometry = VideoGeometry(
    canvasWidth: w, canvasHeight: h, even: nil, width: sides.width, height: sides.height)
  precondition(geometry.outputWidth >= 1 && geometry.outputHeight >= 1, "empty: \(geometry)")
}

/// A request with a random container, codec, crf, speed and lossless flag: validation must
/// not trap, and a request it passes has a codec the container takes and settings in range.
private func fuzzCodecRequest(_ input: inout FuzzInput) {
  let format = input.pick(VideoRequest.Format.allCases)
  let codec: VideoRequest.Codec? = input.bool() ? input.pick(VideoRequest.Codec.allCases) : nil
  let request = VideoRequest(
    input: "a.gif", output: "b", format: format, codec: codec, crf: input.optional(-2...70),
    speed: input.optional(-2...20), options: ConversionOptions(lossless: input.bool()))
  guard (try? request.validate()) != nil else { return }
  let chosen = request.videoCodec
  precondition(format.codecs.contains(chosen), "\(chosen) passed in \(format)")
  if let crf = request.crf { precondition(VideoRequest.crfRange(chosen).contains(crf)) }
  if let speed = request.speed, chosen != .h264 {
    precondition(chosen.speedRange.contains(speed))
  }
  precondition(!(request.lossless && chosen != .vp9), "lossless passed for \(chosen)")
}

/// A plan from random delays and kind; its schedule must tile one play with ordered entries.
private func fuzzSchedule(_ input: inout FuzzInput) {
  let delays = fuzzDelays(&input)
  let kind = fuzzTimelineKind(&input)
  let policy = input.pick(DelayPolicy.allCases)
  let plays = input.int(0...100)
  let cfr = input.bool()
  guard let plan = try? Timeline.plan(delaysCentiseconds: delays, policy: policy, kind: kind)
  else { return }
  let schedule = VideoSchedule(plan: plan, plays: plays, cfr: cfr)
  var time: Int64 = 0
  var lastFrame = -1
  for entry in schedule.entries {
    precondition(entry.frame > lastFrame && entry.frame < delays.count, "frames out of order")
    precondition(entry.start == time, "a gap or an overlap before frame \(entry.frame)")
    precondition(entry.count >= 1 && entry.duration >= 1, "an empty entry")
    time += Int64(entry.count) * entry.duration
    lastFrame = entry.frame
  }
  precondition(time == schedule.playLength, "entries do not cover the play")
  _ = (schedule.videoFrames, schedule.durationMilliseconds, schedule.lastShownFrame)
}
