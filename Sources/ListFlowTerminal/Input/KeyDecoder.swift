/// Decodes the bytes a terminal sends in raw mode into key presses.
///
/// It understands the sequences of xterm-compatible terminals: `CSI A`–`D` and `SS3 A`–`D` for the arrows,
/// `CSI 5~`/`CSI 6~` for Page Up/Down, `CSI H`/`CSI F`/`CSI 1~`/`CSI 4~`/`CSI 7~`/`CSI 8~` for Home and End,
/// `\r` or `\n` for Enter, `0x03` for Ctrl-C, `0x1A` for Ctrl-Z, UTF-8 text for characters, and mouse reports
/// in the SGR (`CSI < b ; x ; y M`/`m`) and X10 (`CSI M` and three bytes) encodings as ``Key/mouse(_:)``. Bytes that are
/// not valid UTF-8 become U+FFFD. Nothing is ever dropped silently: unknown sequences come out as
/// ``Key/unknown(_:)``.
///
/// Input arrives in reads of any size, and the keys do not depend on where the reads split it: a sequence or a
/// UTF-8 character cut between two reads is kept pending and completed by the next ``decode(_:)``. An Escape at
/// the very end of a read is kept pending too, since it may start a sequence; ``flush()`` reports what is pending
/// when no more input comes (``TerminalSession/keys()`` calls it after a short wait, so a lone Escape key still
/// works). What is kept is bounded: a control sequence longer than ``maximumSequenceLength`` bytes is cut there
/// and reported as ``Key/unknown(_:)``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41, 0x6A])  // [.up, .character("j")]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// The longest escape sequence kept whole; longer ones are cut and reported as ``Key/unknown(_:)``.
  public static let maximumSequenceLength = 32

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether bytes are waiting for the rest of their sequence (at most ``maximumSequenceLength`` of them).
  public var hasPendingInput: Bool { !pending.isEmpty }

  /// Reports what is pending as if the input had ended: a lone Escape as ``Key/escape``, a cut sequence as
  /// ``Key/unknown(_:)``, a cut UTF-8 character as U+FFFD.
  ///
  /// - Returns: The keys, in order; empty when nothing was pending.
  public mutating func flush() -> [Key] {
    let input = pending
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < input.count, let (key, length) = Self.key(in: input[index...], atEnd: true) {
      keys.append(key)
      index += length
    }
    return keys
  }

  /// Decodes a chunk of input, completing any sequence left over from the last chunk.
  ///
  /// - Parameter bytes: The bytes just read.
  /// - Returns: The keys, in order.
  /// - Complexity: O(*n*) in the number of bytes.
  public mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending + bytes
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < input.count {
      guard let (key, length) = Self.key(in: input[index...], atEnd: false) else {
        pending = Array(input[index...])
        break
      }
      keys.append(key)
      index += length
    }
    return keys
  }

  /// The key at the start of `bytes` and how many bytes it took, or `nil` when the bytes are an incomplete prefix
  /// (never when `atEnd`: then an incomplete prefix is reported as it is).
  private static func key(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(in: bytes, atEnd: atEnd)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.endOfInput, 1)
    case 0x1A: return (.suspend, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00...0x1F: return (.unknown([first]), 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    default: return utf8Character(in: bytes, atEnd: atEnd)
    }
  }

  private static func escapeSequence(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return atEnd ? (.escape, 1) : nil }
    let introducer = bytes[start + 1]
    if introducer == 0x4F {  // SS3: ESC O A
      guard bytes.count > 2 else { return atEnd ? (.escape, 1) : nil }
      let final = bytes[start + 2]
      return (finalKey(final, parameter: nil) ?? .unknown(Array(bytes[start..<start + 3])), 3)
    }
    guard introducer == 0x5B else { return (.escape, 1) }  // ESC followed by something else: a lone Escape.
    // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
    var index = start + 2
    while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
      index += 1
      if index - start == maximumSequenceLength { return (.unknown(Array(bytes[start..<index])), index - start) }
    }
    guard index < bytes.endIndex else {
      return atEnd ? (.unknown(Array(bytes[start..<index])), index - start) : nil
    }
    let final = bytes[index]
    let length = index - start + 1
    guard (0x40...0x7E).contains(final) else { return (.unknown(Array(bytes[start..<start + length])), length) }
    if final == 0x4D, length == 3 {  // X10 mouse: CSI M and three bytes (button + 32, column + 32, row + 32).
      guard bytes.count >= length + 3 else { return atEnd ? (.unknown(Array(bytes[start...])), bytes.count) : nil }
      let code = Int(bytes[start + 3]) - 32
      let event = MouseEvent(
        code: max(code, 0), column: Int(bytes[start + 4]) - 32, row: Int(bytes[start + 5]) - 32, isRelease: false)
      return (.mouse(event), length + 3)
    }
    if bytes[start + 2] == 0x3C, final == 0x4D || final == 0x6D {  // SGR mouse: CSI < b ; x ; y M (or m).
      let fields = String(decoding: bytes[(start + 3)..<index], as: UTF8.self).split(
        separator: ";", omittingEmptySubsequences: false)
      let numbers = fields.compactMap { Int($0) }
      guard fields.count == 3, numbers.count == 3, numbers.allSatisfy({ $0 >= 0 }) else {
        return (.unknown(Array(bytes[start..<start + length])), length)
      }
      let event = MouseEvent(code: numbers[0], column: numbers[1], row: numbers[2], isRelease: final == 0x6D)
      return (.mouse(event), length)
    }
    let parameter = Int(String(decoding: bytes[(start + 2)..<index], as: UTF8.self))
    return (finalKey(final, parameter: parameter) ?? .unknown(Array(bytes[start..<start + length])), length)
  }

  private static func finalKey(_ final: UInt8, parameter: Int?) -> Key? {
    switch (final, parameter) {
    case (0x41, _): .up
    case (0x42, _): .down
    case (0x43, _): .right
    case (0x44, _): .left
    case (0x48, _): .home
    case (0x46, _): .end
    case (0x7E, 1?), (0x7E, 7?): .home
    case (0x7E, 4?), (0x7E, 8?): .end
    case (0x7E, 5?): .pageUp
    case (0x7E, 6?): .pageDown
    default: nil
    }
  }

  private static func utf8Character(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.character("\u{FFFD}"), 1)
    }
    guard bytes.count >= length else { return atEnd ? (.character("\u{FFFD}"), 1) : nil }
    let slice = bytes[bytes.startIndex..<bytes.startIndex + length]
    guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (.character("\u{FFFD}"), 1) }
    let text = String(decoding: slice, as: UTF8.self)
    return (.character(text.first ?? "\u{FFFD}"), length)
  }
}
