import Transcode
import TranscodeCore

/// `gif2x --info`: the scan of each file as a table, or as JSON with `--json`.
struct InfoCommand {
  let inputs: [String]
  let settings: ReadSettings

  func run() -> Int32 {
    var statuses: [Int32] = []
    for path in inputs {
      do {
        let report = try Transcoder.info(
          path: path, options: settings.plan, onePicturePerTick: settings.cfr,
          cancellation: Signals.cancellation)
        if settings.json {
          // Written as it is made: the `sequence` of a 10,000,000-tick timeline is never whole.
          try JSONWriter.writeOut(JSON(report), pretty: inputs.count == 1)
        } else {
          print(InfoTable.render(report))
        }
        for damage in report.damage { Console.warning("\(path): \(damage)") }
        for note in report.notes { Console.warning("\(path): \(note)") }
        for warning in report.timeline?.warnings ?? [] { Console.warning("\(path): \(warning)") }
        statuses.append(0)
      } catch let error as TranscodeError {
        Console.error(Flags.message(error))
        statuses.append(error.exitStatus)
      } catch {
        Console.error("\(path): \(error)")
        statuses.append(70)
      }
    }
    return Console.combined(statuses)
  }
}
