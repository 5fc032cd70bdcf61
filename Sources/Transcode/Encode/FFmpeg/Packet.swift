import CFFmpeg
import TranscodeCore

/// Owns one `AVPacket`. Not Sendable: confined to the stage that made it.
final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() throws(FFmpegError) {
    pointer = try FFmpegError.allocated(by: "av_packet_alloc") { av_packet_alloc() }
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }

  /// The packet's payload, valid until the packet is unreferenced or reused.
  var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: pointer.pointee.data, count: Int(pointer.pointee.size))
  }

  func unref() { av_packet_unref(pointer) }

  /// Takes `other`'s payload and fields, leaving it blank.
  func take(_ other: Packet) {
    av_packet_unref(pointer)
    av_packet_move_ref(pointer, other.pointer)
  }

  /// Whether the packet holds a payload.
  var isEmpty: Bool { pointer.pointee.data == nil && pointer.pointee.size == 0 }
}

/// What a send or receive call on a codec gave: a value, a request for more input, or the end.
/// Only real failures throw.
enum CodecStep: Equatable {
  case value
  case needsInput
  case endOfStream
}
