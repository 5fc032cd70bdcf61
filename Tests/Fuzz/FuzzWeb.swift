/// Target `web`: the markup of `--to web` from made-up summaries (any file names, sizes, PSNRs
/// including infinity and NaN, loop counts) and codec records from raw bytes. Nothing may crash;
/// a URL in an attribute holds only URL-safe characters, text holds no raw `<`, and the text
/// alternative (`--alt`) no raw quote either.
func fuzzWeb(_ data: UnsafeBufferPointer<UInt8>) {
  var input = FuzzInput(data)
  func name() -> String {
    let count = input.int(0...24)
    var bytes: [UInt8] = []
    for _ in 0..<count {
      bytes.append(input.pick([0x2F, 0x2E, 0x61, 0x3C, 0x22, 0x20, 0x25, input.byte()]))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
  func psnr() -> Double {
    switch input.int(0...3) {
    case 0: return .infinity
    case 1: return .nan
    default: return Double(input.int(0...100_000)) / 1000
    }
  }
  let record = (0..<input.int(0...8)).map { _ in input.byte() }
  _ = WebPage.h264Codecs(avcC: record)
  _ = WebPage.av1Codecs(av1C: record)
  let folder = name()
  let a = name()
  _ = WebPage.relative(a, to: folder)
  let url = WebPage.attribute(a)
  let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$'()*+,;=:@%")
  guard url.allSatisfy({ safe.contains($0) }) else { fatalError("unsafe URL \(url)") }
  guard !WebPage.text(a).contains("<") else { fatalError("raw < in text") }
  guard !WebPage.text(a).unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
  else { fatalError("raw control character in text") }
  func madeUp() -> [WebRendition] {
    var renditions: [WebRendition] = []
    for _ in 0..<input.int(0...5) {
      let kind = input.pick(WebRendition.Kind.allCases)
      let f = Fidelity(
        psnr: psnr(), ssim: input.bool() ? nil : Double(input.int(0...1000)) / 1000,
        worstFrame: input.int(0...1000), worstPSNR: psnr(),
        maxStartErrorMilliseconds: Double(input.int(0...100)),
        durationErrorMilliseconds: Double(input.int(-100...100)), bytes: input.int(0...1 << 30),
        gifBytes: input.int(0...1 << 30))
      renditions.append(
        WebRendition(
          kind: kind, path: name(), mimeType: "video/mp4", setting: input.int(0...100), fidelity: f,
          dropped: input.bool() ? nil : name()))
    }
    return renditions
  }
  let renditions = madeUp()
  let answer = input.pick([WebSummary.Answer.video, .picture, .gif])
  var summary = WebSummary(
    input: name(), html: name(), answer: answer, width: input.int(1...65535),
    height: input.int(1...65535), transparent: input.bool(), plays: input.int(0...65536),
    gifBytes: input.int(0...1 << 30), minimumPSNR: Double(input.int(20...60)),
    renditions: renditions, poster: input.bool() ? nil : name(), gif: name(), written: [],
    warnings: [])
  summary.durationMilliseconds = input.int(0...1 << 30)
  summary.alt = input.bool() ? nil : name()
  // Narrower sizes (--sizes), each with renditions of any kind, kept or not.
  summary.sizes = (0..<input.int(0...3)).map { _ in
    WebSize(width: input.int(1...65535), height: input.int(1...65535), renditions: madeUp())
  }
  // The page needs a kept rendition for its video and picture answers, as Transcoder.web gives.
  if answer == .gif || !summary.kept.isEmpty {
    let page = WebPage.page(summary)
    // The text alternative stays inside its quotes: no raw quote, `<` or control character.
    if let alt = summary.alt {
      let quoted = WebPage.quoted(alt)
      guard !quoted.contains("\""), !quoted.contains("<"),
        !quoted.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
      else { fatalError("unsafe attribute text \(quoted)") }
      guard page.contains("=\"\(quoted)\"") else { fatalError("alt missing from the page") }
    }
  }
  _ = WebPage.index([summary, summary], at: name())
}
