/// x264's banner: the first packet it writes begins with a user-data SEI message (a UUID and
/// "x264 - core 164 - H.264/MPEG-4 AVC codec - ... options: cabac=1 ref=3 ..."), some 650
/// bytes that no decoder uses, and most of the file for a small GIF (a 2-frame 4x1 GIF made a
/// 1,660-byte MP4). ``leadingLength(_:)`` finds it so the writer can skip it.
package enum H264UserData {
  /// The length of the SEI NAL unit at the start of `bytes` (Annex B: start code included)
  /// when its first message is user data unregistered (payload type 5); 0 when the packet
  /// starts otherwise. The SEI ends where the next start code begins.
  package static func leadingLength(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard let header = startCodeEnd(bytes, from: 0), header + 1 < bytes.count,
      bytes[header] & 0x1F == 6,  // nal_unit_type 6: SEI
      bytes[header + 1] == 5  // payloadType 5: user_data_unregistered
    else { return 0 }
    var i = header + 2
    while i + 2 < bytes.count {
      if bytes[i] == 0 && bytes[i + 1] == 0 && (bytes[i + 2] == 1 || bytes[i + 2] == 0) {
        // The next NAL unit's start code (a zero byte before 00 00 01 belongs to it); the
        // SEI's own bytes never hold 00 00 0x (emulation prevention).
        if bytes[i + 2] == 1 || (i + 3 < bytes.count && bytes[i + 3] == 1) { return i }
      }
      i += 1
    }
    return 0  // no NAL unit after it: leave the packet whole
  }

  /// Where the NAL header begins after a start code at `offset` (00 00 01 or 00 00 00 01).
  private static func startCodeEnd(_ b: UnsafeRawBufferPointer, from offset: Int) -> Int? {
    if b.count >= offset + 3, b[offset] == 0, b[offset + 1] == 0, b[offset + 2] == 1 {
      return offset + 3
    }
    if b.count >= offset + 4, b[offset] == 0, b[offset + 1] == 0, b[offset + 2] == 0,
      b[offset + 3] == 1
    {
      return offset + 4
    }
    return nil
  }
}
