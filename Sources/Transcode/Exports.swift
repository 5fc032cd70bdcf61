/// `import Transcode` gives the whole library: the C-free core (GIF, timelines, plans, layout,
/// requests, errors) and the FFmpeg sinks built on it.
@_exported import TranscodeCore
