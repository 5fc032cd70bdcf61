import ArgumentParser
import Transcode
import TranscodeCore

/// `--delays browser|raw`: the policy's raw values are its names on the command line.
extension DelayPolicy: ExpressibleByArgument {}
