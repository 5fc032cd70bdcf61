/// The HTML `--to web` writes: the element to paste for one GIF (inside a page that plays it),
/// and the index of a folder's GIFs beside their renditions. Paths in the markup are relative
/// to the page's folder.
package enum WebPage {
  /// The element that replaces the GIF: `<video>` with the kept videos smallest first (a browser
  /// plays the first source whose type it can), `<picture>` with the kept animated images
  /// smallest first and the GIF as the `<img>` every browser shows, or the GIF itself.
  ///
  /// Motion as WCAG 2.2 asks (2.3.3, 2.2.2): a viewer who asks for reduced motion
  /// (`prefers-reduced-motion: reduce`) sees the still (``WebSummary/poster``): a `<picture>`
  /// source that media query selects, with no script, or for a video two lines of script that
  /// stop it before it plays. Motion that lasts over ``pauseAfterMilliseconds`` (a loop, or the
  /// plays' total) can be paused by a button after the element: it pauses a video, and swaps
  /// the still in for an image (a few lines of plain script in its `onclick`). Not a video's own
  /// controls: on a GIF-sized video Chromium draws them over the whole picture until it plays. The text alternative
  /// (``WebSummary/alt``) is the `<img>`'s `alt` or the video's `aria-label`; without one the
  /// element has none, and a comment before it says to add one.
  package static func element(_ s: WebSummary, relativeTo folder: String, indent: String = "")
    -> String
  {
    let size = "width=\"\(s.width)\" height=\"\(s.height)\""
    let gif = attribute(relative(s.gif, to: folder))
    let still = s.poster.map { attribute(relative($0, to: folder)) }
    let pausable = s.plays == 0 || s.durationMilliseconds * s.plays > pauseAfterMilliseconds
    var lines: [String] = []
    if s.alt == nil {
      let text = s.answer == .video ? "an aria-label on the <video>" : "an alt on the <img>"
      lines.append("<!-- Add \(text): what the animation shows, for people who cannot see it. -->")
    }
    switch s.answer {
    case .video:
      lines += videoElement(s, relativeTo: folder, size: size, still: still, pausable: pausable)
    case .picture, .gif:
      lines += pictureElement(
        s, relativeTo: folder, size: size, still: still, gif: gif, pausable: pausable)
    }
    return lines.map { indent + $0 }.joined(separator: "\n")
  }

  /// ``element(_:relativeTo:indent:)``'s `<video>`, its pause button and the script that
  /// honours reduced motion.
  private static func videoElement(
    _ s: WebSummary, relativeTo folder: String, size: String, still: String?, pausable: Bool
  ) -> [String] {
    var lines: [String] = []
    var attributes = "autoplay muted playsinline"
    if s.plays == 0 { attributes += " loop" }
    attributes += " \(size)"
    // H.264 pads an odd side with one row or column (4:2:0 has no odd sizes): shown in a box
    // of the GIF's size, a browser would scale the whole picture by that pixel (a UI demo's
    // MP4's worst moment scored 19.6 so, every edge resampled, and 71.6 at 1:1); `cover` from
    // the top left shows it at 1:1 with the padding clipped, and still scales in a responsive
    // layout.
    var style: [String] = []
    if s.width % 2 == 1 || s.height % 2 == 1 {
      style.append("object-fit: cover; object-position: 0 0")
    }
    if !s.sizes.isEmpty { style.append(responsive) }
    if !style.isEmpty { attributes += " style=\"\(style.joined(separator: "; "))\"" }
    if s.plays > 1 {
      attributes +=
        " data-plays=\"\(s.plays)\" onended=\"if (--this.dataset.plays > 0) this.play()\""
    }
    if let still { attributes += " poster=\"\(still)\"" }
    if let alt = s.alt { attributes += " aria-label=\"\(quoted(alt))\"" }
    lines.append("<video \(attributes)>")
    // Narrower sizes first, each for viewports up to its width (a browser takes the first
    // source whose media matches and whose type it plays), then the GIF's own size.
    let groups =
      s.sizes.map { (media: " media=\"(max-width: \($0.width)px)\"", kept: $0.kept) }
      + [(media: "", kept: s.kept)]
    for group in groups {
      for r in group.kept.sorted(by: { $0.bytes < $1.bytes }) where r.kind.isVideo {
        lines.append(
          "  <source\(group.media) src=\"\(attribute(relative(r.path, to: folder)))\""
            + " type='\(r.mimeType)'>")
      }
    }
    lines.append("</video>")
    if pausable {
      lines.append(
        "<button type=\"button\" aria-pressed=\"false\" onclick=\"var v ="
          + " this.previousElementSibling; if (v.paused) v.play(); else v.pause();"
          + " this.setAttribute('aria-pressed', v.paused)\">Pause animation</button>")
    }
    // Run as the parser reaches it, before the video has data to start with; the button, when
    // there is one, shows the video paused.
    lines.append(
      "<script>((s) => { const b = s.previousElementSibling,"
        + " v = b.tagName == \"VIDEO\" ? b : b.previousElementSibling;"
        + " if (matchMedia(\"\(reducedMotion)\").matches) { v.autoplay = false; v.pause();"
        + " if (b != v) b.setAttribute(\"aria-pressed\", \"true\"); } })(document.currentScript);"
        + "</script>")
    return lines
  }

  /// ``element(_:relativeTo:indent:)``'s `<picture>`: the still for reduced motion, each kind
  /// of animated image by width, the GIF's `<img>`, and its pause button.
  private static func pictureElement(
    _ s: WebSummary, relativeTo folder: String, size: String, still: String?, gif: String,
    pausable: Bool
  ) -> [String] {
    var lines: [String] = []
    let kept = s.kept.sorted { $0.bytes < $1.bytes }
    lines.append("<picture>")
    if let still {
      lines.append(
        "  <source media=\"\(reducedMotion)\" srcset=\"\(still)\" type=\"image/webp\">")
    }
    // With narrower sizes, each kind's files by width, which the browser picks from for the
    // width the element is laid out at (the viewport's, up to the GIF's own).
    let sizes =
      s.sizes.isEmpty ? "" : " sizes=\"(max-width: \(s.width)px) 100vw, \(s.width)px\""
    // A browser takes the first source whose type it shows before it weighs widths: a kind
    // that lacks a width a later source has is limited to viewports wider than that width,
    // where its own files are the ones to choose from.
    let images = kept.filter { !$0.kind.isVideo }
    func widths(_ kind: WebRendition.Kind) -> Set<Int> {
      Set(s.sizes.filter { size in size.kept.contains { $0.kind == kind } }.map(\.width))
    }
    for (i, r) in images.enumerated() {
      let narrower = s.sizes.compactMap { size in
        size.kept.first { $0.kind == r.kind }.map {
          "\(attribute(relative($0.path, to: folder))) \(size.width)w"
        }
      }
      let own = attribute(relative(r.path, to: folder))
      let srcset =
        s.sizes.isEmpty ? own : (narrower + ["\(own) \(s.width)w"]).joined(separator: ", ")
      let later = images.dropFirst(i + 1).reduce(into: Set<Int>()) {
        $0.formUnion(widths($1.kind))
      }
      let media =
        later.subtracting(widths(r.kind)).max().map { " media=\"(min-width: \($0 + 1)px)\"" }
        ?? ""
      lines.append("  <source\(media) srcset=\"\(srcset)\"\(sizes) type=\"\(r.mimeType)\">")
    }
    let alt = s.alt.map { " alt=\"\(quoted($0))\"" } ?? ""
    let style = s.sizes.isEmpty ? "" : " style=\"\(responsive)\""
    lines.append("  <img src=\"\(gif)\" \(size)\(style)\(alt)>")
    lines.append("</picture>")
    // The still's source answers every viewer while the button is pressed.
    if pausable && still != nil {
      lines.append(
        "<button type=\"button\" aria-pressed=\"false\" onclick=\"var p ="
          + " this.getAttribute('aria-pressed') != 'true';"
          + " this.previousElementSibling.querySelector('source').media ="
          + " p ? 'all' : '\(reducedMotion)'; this.setAttribute('aria-pressed', p)\">"
          + "Pause animation</button>")
    }
    return lines
  }

  /// Motion longer than this gets a pause (WCAG 2.2.2: moving content that starts by itself
  /// and lasts more than five seconds).
  package static let pauseAfterMilliseconds = 5000

  /// How an element with narrower sizes is laid out: never wider than its container, the
  /// height following.
  static let responsive = "max-width: 100%; height: auto"

  /// The media query of a viewer who asks for less motion.
  static let reducedMotion = "(prefers-reduced-motion: reduce)"

  /// The page for one GIF: a complete document that shows the element, with a comment that says
  /// what was made and what to paste.
  package static func page(_ s: WebSummary) -> String {
    let folder = Self.folder(of: s.html)
    let name = text(baseName(s.input))
    var notes: [String] = []
    switch s.answer {
    case .video, .picture:
      let best = s.kept.min { $0.bytes < $1.bytes }!
      notes.append(
        "gif2x: \(name) (\(s.gifBytes) bytes) as \(s.kept.map(\.kind.label).joined(separator: ", "));"
          + " the smallest, \(best.kind.label), is \(best.bytes) bytes"
          + " (\(percent(best.fidelity.ratio)) of the GIF) at PSNR \(decibels(best.fidelity.psnr))"
          + (best.fidelity.moments.map { "; SSIMULACRA2 \(moments($0))" } ?? "") + "."
      )
    case .gif:
      notes.append(
        "gif2x: no rendition of \(name) was smaller than the GIF with every moment at"
          + " SSIMULACRA2 \(fixed(s.minimumScore, 0)) or more: the GIF is the answer.")
    }
    notes.append("Paste the element between the markers into your page.")
    return """
      <!doctype html>
      <html lang="en">
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(name)</title>
      <!-- \(notes.joined(separator: "\n     ")) -->
      <body>
      <!-- gif2x: begin -->
      \(element(s, relativeTo: folder))
      <!-- gif2x: end -->
      </body>
      </html>

      """
  }

  /// The index of many GIFs, written at `path`: for each GIF, the GIF beside every kept
  /// rendition (each playing on its own), and a table of every candidate with its size,
  /// fidelity and why it was kept or dropped.
  package static func index(_ summaries: [WebSummary], at path: String) -> String {
    let folder = Self.folder(of: path)
    var out = indexHead(count: summaries.count)
    for s in summaries { out += indexSection(s, folder: folder) }
    return out + "</html>\n"
  }

  /// The index's head, style and introduction, for `count` GIFs.
  private static func indexHead(count: Int) -> String {
    """
    <!doctype html>
    <html lang="en">
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>gif2x: \(count) GIF\(count == 1 ? "" : "s") for the web</title>
    <style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; }
    section { border-top: 1px solid #ccc; padding: 1em 0; }
    .row { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
    figure { margin: 0; }
    figure img, figure video { max-width: 480px; height: auto; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    figcaption { font-size: 12px; color: #444; }
    table { border-collapse: collapse; margin-top: .5em; }
    td, th { padding: 2px 10px; text-align: right; white-space: nowrap; }
    td:last-child { white-space: normal; }
    td:first-child, th:first-child, td:last-child, th:last-child { text-align: left; }
    .dropped { color: #888; }
    </style>
    <h1>\(count) GIF\(count == 1 ? "" : "s") for the web</h1>
    <p>Each GIF beside the renditions gif2x kept (smaller than the GIF, and like it at every
    moment). Sizes in bytes; SSIMULACRA2 of every picture a viewer sees against the GIF's
    (100 identical, 90 visually lossless, 70 high quality: the mean over time, the worst
    picture and when it shows), then PSNR and SSIM over the whole, against the GIF's frames as
    browsers play them.</p>

    """
  }

  /// One GIF's section of the index: the GIF beside its kept renditions, then the table of
  /// every rendition (`indexTable(_:)`); paths relative to `folder`.
  private static func indexSection(_ s: WebSummary, folder: String) -> String {
    let gif = attribute(relative(s.gif, to: folder))
    let page = attribute(relative(s.html, to: folder))
    let size = "width=\"\(s.width)\" height=\"\(s.height)\""
    var out = "<section>\n<h2><a href=\"\(page)\">\(text(baseName(s.input)))</a></h2>\n"
    out += "<div class=\"row\">\n"
    out += "<figure><img src=\"\(gif)\" \(size) alt=\"\">"
    out += "<figcaption>GIF, \(grouped(s.gifBytes)) bytes</figcaption></figure>\n"
    for r in s.kept.sorted(by: { $0.bytes < $1.bytes }) {
      let src = attribute(relative(r.path, to: folder))
      let media =
        r.kind.isVideo
        ? "<video src=\"\(src)\" autoplay muted playsinline\(s.plays == 0 ? " loop" : "") \(size)></video>"
        : "<img src=\"\(src)\" \(size) alt=\"\">"
      out += "<figure>\(media)<figcaption>\(r.kind.label), \(grouped(r.bytes)) bytes"
      out += " (\(percent(r.fidelity.ratio))), worst moment "
      out += (r.fidelity.moments.map { fixed($0.worst, 1) } ?? "-") + "</figcaption></figure>\n"
    }
    return out + "</div>\n" + indexTable(s) + "</section>\n"
  }

  /// One GIF's table: every rendition, kept or dropped, at each size.
  private static func indexTable(_ s: WebSummary) -> String {
    var out = "<table>\n<tr><th>rendition</th><th>bytes</th><th>of the GIF</th>"
    out += "<th>SSIMULACRA2 mean</th><th>worst</th><th>at</th>"
    out += "<th>PSNR</th><th>SSIM</th><th>setting</th><th></th></tr>\n"
    // The GIF's own size, then each narrower one, its width beside each rendition.
    let rows =
      s.renditions.map { (r: $0, width: "") }
      + s.sizes.flatMap { size in size.renditions.map { (r: $0, width: ", \(size.width) px") } }
    for (r, width) in rows {
      let ssim = r.fidelity.ssim.map { fixed($0, 4) } ?? "-"
      let m = r.fidelity.moments
      out += "<tr\(r.kept ? "" : " class=\"dropped\"")><td>\(r.kind.label)\(width)</td>"
      out += "<td>\(grouped(r.bytes))</td><td>\(percent(r.fidelity.ratio))</td>"
      out += "<td>\(m.map { fixed($0.mean, 1) } ?? "-")</td>"
      out += "<td>\(m.map { fixed($0.worst, 1) } ?? "-")</td>"
      out += "<td>\(m.map { seconds($0.worstMilliseconds) } ?? "-")</td>"
      out += "<td>\(decibels(r.fidelity.psnr))</td><td>\(ssim)</td><td>\(r.setting)</td>"
      out += "<td>\(r.dropped.map { "dropped: " + text($0) } ?? "kept")</td></tr>\n"
    }
    return out + "</table>\n"
  }

  // MARK: - Codecs

  /// The RFC 6381 codecs string of an H.264 stream from its `avcC` record (profile,
  /// constraint flags, level): `avc1.64001f`.
  package static func h264Codecs(avcC: [UInt8]) -> String? {
    guard avcC.count >= 4, avcC[0] == 1 else { return nil }
    return "avc1." + avcC[1...3].map { hex($0) }.joined()
  }

  /// The codecs string of an AV1 stream from its `av1C` record: `av01.0.05M.08`.
  package static func av1Codecs(av1C: [UInt8]) -> String? {
    guard av1C.count >= 4, av1C[0] == 0x81 else { return nil }
    let profile = av1C[1] >> 5
    let level = av1C[1] & 0x1f
    let tier = av1C[2] & 0x80 != 0 ? "H" : "M"
    let high = av1C[2] & 0x40 != 0
    let twelve = av1C[2] & 0x20 != 0
    let depth = high ? (twelve ? "12" : "10") : "08"
    return "av01.\(profile).\(level < 10 ? "0" : "")\(level)\(tier).\(depth)"
  }

  // MARK: - Paths and text

  /// The folder part of `path` ("." for a bare name).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// `path` as a page in `folder` refers to it.
  package static func relative(_ path: String, to folder: String) -> String {
    let from = components(folder)
    let to = components(path)
    if path.hasPrefix("/") != folder.hasPrefix("/") && folder != "." { return path }
    var common = 0
    while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    return (up + to[common...]).joined(separator: "/")
  }

  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
  }

  package static func baseName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Text for an attribute value in double quotes: ``text(_:)`` with `"` escaped too.
  package static func quoted(_ s: String) -> String {
    text(s).replacing("\"", with: "&quot;")
  }

  /// Text for HTML content: a file name's control characters and undecodable bytes shown
  /// escaped (`\x1b`, `\xff`, as in messages), never raw in the page.
  package static func text(_ s: String) -> String {
    var out = ""
    for c in FileNames.shown(s) {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(c)
      }
    }
    return out
  }

  /// A URL path in a double-quoted attribute: the name's bytes (``FileNames/bytes(_:)``, so a
  /// name that is not UTF-8 still loads) percent-encoded where a URL needs it, so a file named
  /// `a b#1.gif` or `"x".gif` still loads. A comma is encoded too: a `srcset` candidate ends
  /// at a comma and starts after spaces and commas, so `,lead.webp` or `a, b.webp` would name
  /// another file; and a colon, so `c:x.gif` is no URL scheme.
  package static func attribute(_ path: String) -> String {
    var out = ""
    for byte in FileNames.bytes(path) {
      let c = Character(Unicode.Scalar(byte))
      let safe =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a)
        || (byte >= 0x61 && byte <= 0x7a) || "-._~/!$'()*+;=@".contains(c)
      out += safe ? String(c) : "%" + hex(byte).uppercased()
    }
    return out
  }

  private static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
  }

  /// `mean 84.2, worst 72.1 at 16.90 s`: SSIMULACRA2 over the pictures a viewer sees.
  package static func moments(_ m: Moments) -> String {
    "mean \(fixed(m.mean, 1)), worst \(fixed(m.worst, 1)) at \(seconds(m.worstMilliseconds))"
  }

  /// `16.90 s`.
  package static func seconds(_ milliseconds: Double) -> String {
    "\(fixed(milliseconds / 1000, 2)) s"
  }

  package static func decibels(_ x: Double) -> String {
    x.isNaN ? "-" : x.isInfinite ? "identical" : "\(fixed(x, 1)) dB"
  }

  package static func percent(_ ratio: Double) -> String { "\(fixed(ratio * 100, 0))%" }

  package static func grouped(_ n: Int) -> String { NumberText.grouped(n) }

  package static func fixed(_ x: Double, _ digits: Int) -> String { NumberText.fixed(x, digits) }
}
