/// A program imports `Transcode` alone: the requests, reports and errors of the C-free core
/// come with it. The core is a module of its own (`TranscodeCore`) so that the fuzzers and the
/// benches compile it without FFmpeg, libwebp or libavif; nothing of it is for a caller to
/// import by name.
@_exported import TranscodeCore
