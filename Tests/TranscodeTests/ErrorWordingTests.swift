import Testing
import Transcode
import TranscodeCore

/// The library's own descriptions of its errors name settings in plain words, never a flag:
/// the CLI renders the same values with its flags (gif2xTests check those lines).
@Suite struct ErrorWordingTests {
  @Test("an output that exists names the force option in the library's words")
  func exists() {
    let error = TranscodeError.cannotCreateOutput(path: "out/cat.mp4", .exists)
    #expect(error.description == "out/cat.mp4: already exists; use the force option to replace it")
  }

  @Test("every setting's plain name reads as words: no flag, no repeated verb")
  func plainNames() {
    for setting in Setting.allCases {
      let name = setting.plainName
      #expect(name.hasPrefix("the "), "\(setting)")
      #expect(!name.contains("--"), "\(setting)")
    }
    for problem in [
      OutputProblem.exists, .isDirectory, .isInput, .folderMissing("a"), .folderNotWritable("a"),
      .cannotCreateFolder("a"),
    ] {
      let text = TranscodeError.cannotCreateOutput(path: "x", problem).description
      #expect(!text.contains("--"), "\(text)")
      #expect(!text.contains("the replace"), "\(text)")
    }
  }
}
