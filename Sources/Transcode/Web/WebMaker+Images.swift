import Synchronization
import TranscodeCore

extension WebMaker {
  /// The animated WebP and AVIF, in that order. Every browser that shows AVIF shows WebP, so
  /// an AVIF is worth keeping only under the WebP's size: that is its bound, from its second
  /// trial on (a search's first trial never depends on its bound). So the WebP is made on a
  /// thread of its own while the AVIF's first trial encodes here, and the AVIF's search waits
  /// for it after that trial (a sampled one makes its next trials meanwhile, and judges them
  /// once the bound is known): the files and the page are the ones made one after the other
  /// (the WebP costs a fraction of the AVIF's trials: a photo's WebP search took 3.9 s beside
  /// the 4.7 s of one AVIF encode). On an error the WebP's is reported when it has one.
  mutating func makeImages(
    after made: [WebRendition], warnings: inout [ConversionWarning]
  ) throws(TranscodeError) -> [WebRendition] {
    let gif = limit(for: .webp)
    let avifLimit = limit(for: .avif)
    let webpStart = Self.start(.webp, after: made, floor: floor, figure: figure)
    // A fast search makes no AVIF: the WebP alone, here.
    if !request.searchEffort.makesAV1 {
      return [try make(.webp, warnings: &warnings, bound: gif, start: webpStart)]
    }
    // Both use the content kind: told once, before they part.
    if content == nil {
      content = try ContentProbe.kind(
        plan.source, shown: Array(plan.index.frames.indices), cancellation: cancellation)
    }
    let side = SideOutcome<Side>()
    let before = warnings
    let thread = try StageThread { [self] in
      var maker = self
      var notes = before
      do throws(TranscodeError) {
        let webp = try maker.make(.webp, warnings: &notes, bound: gif, start: webpStart)
        side.set(.success((rendition: webp, maker: maker, warnings: notes)))
      } catch {
        side.set(.failure(error))
      }
    }
    // The WebP's outcome, once (joining its thread).
    var webpDone: Side? = nil
    func awaitWebP() throws(TranscodeError) -> Side {
      if let webpDone { return webpDone }
      thread.join()
      let outcome = try side.take().get()
      webpDone = outcome
      return outcome
    }
    var avifNotes = before
    var avif: WebRendition
    do throws(TranscodeError) {
      avif = try make(
        .avif, warnings: &avifNotes, bound: avifLimit,
        start: Self.start(.avif, after: made, floor: floor, figure: figure),
        awaiting: { () throws(TranscodeError) -> (Bound, Double?) in
          let webp = try awaitWebP()
          return (Self.bound(after: webp.rendition, avifLimit), webp.maker.sampleRatios[false])
        },
        awaitingReady: { side.isSet })
    } catch {
      // The WebP's staging file is removed with ours; its error, when it has one, goes first.
      thread.join()
      if case .success(let webp)? = side.peek() { adopt(webp.maker) }
      if case .failure(let webpError)? = side.peek() { throw webpError }
      throw error
    }
    let webp = try awaitWebP()
    adopt(webp.maker)
    let bound = Self.bound(after: webp.rendition, avifLimit)
    if avif.kept, avif.bytes >= bound.bytes, bound.bytes < avifLimit.bytes {
      avif.dropped = "not smaller than \(bound.name) (\(avif.bytes) bytes, \(bound.bytes))"
    }
    warnings =
      webp.warnings + avifNotes.dropFirst(before.count).filter { !webp.warnings.contains($0) }
    return [webp.rendition, avif]
  }

  /// A candidate made on a side thread: the rendition, the maker that made it (a copy of this
  /// one, with its staging file and what it learned) and the warnings then.
  typealias Side = (rendition: WebRendition, maker: WebMaker, warnings: [ConversionWarning])

  /// The bound after `r`: its size when it is kept and under `gif`'s, else `gif`.
  private static func bound(after r: WebRendition, _ gif: Bound) -> Bound {
    r.kept && r.bytes < gif.bytes ? Bound(bytes: r.bytes, name: "the \(r.kind.label)") : gif
  }

  /// Takes over what `other`, a copy of this maker that made a candidate on another thread,
  /// added: its staging files and what it learned.
  private mutating func adopt(_ other: WebMaker) {
    for path in other.candidateFiles where !candidateFiles.contains(path) {
      candidateFiles.append(path)
    }
    stems.merge(other.stems) { _, theirs in theirs }
    sampleRatios.merge(other.sampleRatios) { _, theirs in theirs }
    learnHard(other.hardFrames)
  }

}

/// What a side thread made (or the error it met), handed over at its join: set on that thread
/// before it ends, read after ``StageThread/join()``, which orders the two.
private final class SideOutcome<Value>: @unchecked Sendable {
  private var outcome: Result<Value, TranscodeError>?
  private let done = Atomic<Bool>(false)

  func set(_ outcome: Result<Value, TranscodeError>) {
    self.outcome = outcome
    done.store(true, ordering: .releasing)
  }

  /// Whether the outcome is set: a join would not wait for it (read from any thread).
  var isSet: Bool { done.load(ordering: .acquiring) }

  func peek() -> Result<Value, TranscodeError>? { outcome }

  /// The outcome; a thread that ended without one is an internal error.
  func take() -> Result<Value, TranscodeError> {
    outcome ?? .failure(.internalError("a side thread ended without an outcome"))
  }
}
