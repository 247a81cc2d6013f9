/// Decodes the bytes a terminal sends in raw mode into key presses.
///
/// It understands the sequences of xterm-compatible terminals: `CSI A`–`D` and `SS3 A`–`D` for the arrows (a
/// modifier sent as a parameter, `CSI 1;5A` or an old xterm's `SS3 5 A`, is read with the sequence and ignored;
/// parameters that hold anything but digits and `;`, after a `>` at most, make it unknown: `CSI +1A` or `CSI ?1A`
/// is no Up; kitty's event type after the modifier, `CSI 1;1:2A`, is read: a repeat is Up, a release no key),
/// `CSI 5~`/`CSI 6~` for Page Up/Down, `CSI H`/`CSI F`/`CSI 1~`/`CSI 4~`/`CSI 7~`/`CSI 8~` for Home and End,
/// `\r` or `\n` for Enter, `0x03` for Ctrl-C, `0x1A` for Ctrl-Z, UTF-8 text for characters, keys sent as a code
/// point with modifiers in a keyboard mode a program may leave on (`CSI 27 ; m ; k ~`, `CSI k ; m u`: the key the
/// same keys send without the mode, so `CSI 99;5u` is Ctrl-C; with kitty's richer fields, a release is dropped and
/// a repeat, a key's text, its shifted key and the keypad's keys are the keys typed), and mouse reports
/// in the SGR (`CSI < b ; x ; y M`/`m`) and X10 (`CSI M` and three bytes) encodings as ``Key/mouse(_:)`` (in X10, a
/// NUL for the column or row is xterm's mark of a position at or past its limit: column or row 223, 0-based, the
/// last one the encoding tells apart). Bytes that are not valid UTF-8 become U+FFFD: a character cut by a byte
/// that cannot continue it (or by the end of the input, see ``flush()``) is one U+FFFD for its lead byte and the
/// continuation bytes that came, as soon as that byte is read, and that byte is decoded as its own key. Unknown
/// control sequences come out as ``Key/unknown(_:)``, never as other keys.
/// A number in a sequence is decimal digits alone: a sign before or after it (`+` and `-` are intermediate bytes)
/// makes the sequence unknown (`CSI +5~` is no Page Up, `CSI +200~` starts no paste, `CSI < +0;1;1M` is no click).
///
/// What else a terminal may send is never taken for keys:
///
/// - **Alt.** `ESC` followed by a key (a character, Enter, Tab or Backspace) is that key with Alt held:
///   ``Key/alt(_:)``. `ESC` followed by another `ESC` is an Escape, and the second one starts anew; `ESC` followed
///   by another control byte is an Escape, then that byte's key (so Ctrl-C still interrupts).
/// - **Controls inside a sequence.** A control byte (0x00–0x1F, `ESC` among them) never belongs to a `CSI` or
///   `SS3` sequence here, and neither does `DEL` (Backspace) or a byte of 0x80 or more (a character's): it ends
///   the sequence as the end of the input would (`ESC [` and `ESC O` alone are Alt+[ and Alt+O, `ESC [` and
///   parameters an unknown sequence), and is then decoded as its own key (an X10 mouse report's three bytes,
///   which may be anything from 0x20 up, and its column and row also a NUL, are the exception). ECMA-48 lets a
///   terminal execute some controls in the middle of a sequence it receives, but a terminal never sends one
///   inside a key's sequence, so one there is a key typed after an Alt key or a cut sequence: Ctrl-C typed right
///   after Alt+[ or Alt+O still interrupts, whatever read it comes in.
/// - **Strings.** An OSC (`ESC ]`), DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`) or SOS (`ESC X`) string is read to
///   its end and dropped: it ends with `BEL`, with ST (`ESC \`, or the 8-bit ST `0x9C` when it is not part of a UTF-8
///   character), or is cancelled by `CAN` (Ctrl-X) or `SUB` (Ctrl-Z), which are then keys of their own (Ctrl-Z
///   pressed to leave a string that never ended still suspends). A control byte that no string holds (any but those,
///   `ESC` and the format effectors `BS` to `CR`; Ctrl-C and Ctrl-D among them), or `DEL` (Backspace), is a key typed
///   while it is open: it comes out as its key, and the string goes on. An `ESC` followed by anything but `\` ends it
///   too and starts the next sequence, so pressing Escape always leaves a string that never ended, and so does
///   ``flush()``, which ``TerminalSession/keys()`` calls once no byte has come for ``TimedKeyDecoder/pasteTimeout``
///   (a terminal sends a string at once): the keys typed after that pause are keys. Nothing of a string is kept,
///   however long it is. Its `ESC` and introducer at the end of a read wait for the next read, as a cut sequence
///   does: flushed alone (no byte came within the Escape timeout), they are the Alt key they also are,
///   ``Key/alt(_:)`` of `]`, `P`, `_`, `^` or `X`, and the keys typed next are keys. So are they when an `ESC` that
///   does not start ST comes right after them (a terminal sends no empty string but with ST): that `ESC` starts the
///   next key, as Alt+] and an arrow, or Alt+] twice, typed within the Escape timeout.
/// - **Bracketed paste.** The text between `CSI 200~` and `CSI 201~` (a terminal sends them around a paste
///   when bracketed paste is on, as ``TerminalSession`` sets it) comes out as one ``Key/paste(_:)``, escape bytes
///   and line breaks included; a paste longer than ``pastePieceLength`` (64 KiB) comes out in pieces, in order:
///   each of ``pastePieceLength`` bytes, or up to 3 fewer so that it ends between two UTF-8 characters, and the
///   last one shorter. The pieces depend on the paste alone, not on how the reads split it. A stray `CSI 201~` is dropped. A paste whose end never comes (a lost end marker, or a
///   `CSI 200~` inside text the terminal did not bracket) is ended by ``flush()``, which
///   ``TerminalSession/keys()`` calls once no byte has come for ``TimedKeyDecoder/pasteTimeout``: the keys after
///   it are keys again.
///
/// Input arrives in reads of any size, and the keys do not depend on where the reads split it: a sequence, a
/// string, a paste or a UTF-8 character cut between two reads is completed by the next ``decode(_:)``.
///
/// An `ESC` that ends a read is ambiguous: the Escape key, or the start of a sequence or of an Alt key whose
/// other bytes are on their way. It is kept pending (``hasPendingInput``) until the next read settles it;
/// ``flush()`` reports what is pending when no more input comes. ``TerminalSession/keys()`` calls it once its
/// ``TerminalSession/escapeTimeout`` has passed with no new byte, so an Escape key is an Escape only when no
/// byte follows it within that time (a UTF-8 character cut at the end of a read, Alt's or not, waits longer, see
/// ``TimedKeyDecoder``: only its next byte settles it, so it waits for that byte). What is kept is bounded: a
/// control sequence longer than ``maximumSequenceLength`` bytes is cut there and reported as one
/// ``Key/unknown(_:)`` of its first bytes, and the rest of it, up to and with its final byte (0x40–0x7E), is
/// dropped, however the reads split it, so none of it comes out as keys. A byte that cannot be part of it (a
/// control byte, `DEL`, a byte of 0x80 or more) ends it and is decoded as it would be anyway; should no such byte
/// come, the rest of it stops being dropped when ``flush()`` is called, as ``TerminalSession/keys()`` does once the
/// input pauses for the escape timeout.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41, 0x6A])  // [.up, .character("j")]
/// decoder.decode(Array("\u{1B}]0;title\u{07}\u{1B}q".utf8))  // [.alt(.character("q"))]
/// ```
struct KeyDecoder: Sendable {
  /// What the bytes read so far are inside of.
  private enum Mode: Sendable, Equatable {
    /// Keys and control sequences.
    case ground
    /// An OSC, DCS, APC, PM or SOS string, dropped; `continuation` is the number of UTF-8 continuation bytes
    /// still expected (a `0x9C` among them is text, not ST).
    case string(continuation: Int)
    /// A bracketed paste, kept in `pasted`.
    case paste
    /// The rest of a control sequence cut at ``KeyDecoder/maximumSequenceLength`` and reported: dropped up to its
    /// final byte.
    case overlong
  }

  /// Bytes waiting for the rest of their sequence: at most ``maximumSequenceLength`` in `ground`, an `ESC` in
  /// `string`, the start of the paste's end marker in `paste`.
  private var pending: [UInt8] = []
  private var mode = Mode.ground
  /// The bytes of the paste being read.
  private var pasted: [UInt8] = []

  /// The longest escape sequence kept whole; longer ones are cut and reported as ``Key/unknown(_:)``.
  static let maximumSequenceLength = 32

  /// The longest piece of a paste that one ``Key/paste(_:)`` carries, in bytes: every piece of a longer paste but
  /// the last has this length, or up to 3 bytes less, to end between two UTF-8 characters.
  static let pastePieceLength = 65_536

  /// The end of a bracketed paste, `CSI 201~`.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  /// Creates a decoder with nothing pending.
  init() {}

  /// Whether the meaning of the bytes read so far depends on whether more come soon: an `ESC`, or a sequence or
  /// UTF-8 character cut at the end of the last read (at most ``maximumSequenceLength`` bytes), or the rest of an
  /// overlong control sequence being dropped (nothing of it is kept). An open paste or string is not pending: it
  /// waits for its end (see ``isInPaste`` and ``isInString``).
  var hasPendingInput: Bool { (!pending.isEmpty && mode != .paste) || mode == .overlong }

  /// Whether what is pending is a UTF-8 character cut at the end of the last read after a valid start (with an
  /// `ESC` before it: an Alt key): the next byte settles it, whenever it comes, so it needs no Escape timeout.
  var isPendingCharacter: Bool {
    guard mode == .ground, let lead = pending.first == 0x1B ? pending.dropFirst().first : pending.first else {
      return false
    }
    return (0xC2...0xF4).contains(lead)
  }

  /// Whether a bracketed paste is open: its end marker has not come yet.
  var isInPaste: Bool { mode == .paste }

  /// Whether an OSC, DCS, APC, PM or SOS string is open: its end has not come yet. ``flush()`` ends it.
  var isInString: Bool {
    if case .string = mode { return true }
    return false
  }

  /// Reports what is pending as if the input had ended: a lone Escape as ``Key/escape``, `ESC` and a character
  /// as ``Key/alt(_:)``, a cut sequence as ``Key/unknown(_:)``, a cut UTF-8 character as U+FFFD; an open paste
  /// ends, what it holds (a cut end marker included) reported as ``Key/paste(_:)``; an open string ends, and its
  /// Escape, if one is pending, is reported as ``Key/escape``; the rest of an overlong control sequence whose
  /// final byte has not come stops being dropped, and reports nothing.
  ///
  /// - Returns: The keys, in order; empty when nothing was pending.
  mutating func flush() -> [Key] {
    let input = pending
    pending = []
    switch mode {
    case .paste:
      mode = .ground
      var keys: [Key] = []
      appendPasted(input[...], into: &keys)
      if !pasted.isEmpty { keys.append(takePaste(upTo: pasted.count)) }
      return keys
    case .string:
      mode = .ground
      return input.isEmpty ? [] : [.escape]
    case .overlong:
      mode = .ground
      return []
    case .ground:
      var keys: [Key] = []
      var index = 0
      while index < input.count, let (token, length) = Self.token(in: input[index...], atEnd: true) {
        switch token {
        case .key(let key), .overlong(let key): keys.append(key)
        case .characters(let text): keys += text.map(Key.character)
        case .ignored, .stringStart, .pasteStart: break
        }
        index += length
      }
      return keys
    }
  }

  /// Decodes a chunk of input, completing any sequence, string or paste left over from the last chunk.
  ///
  /// - Parameter bytes: The bytes just read.
  /// - Returns: The keys, in order.
  /// - Complexity: O(*n*) in the number of bytes.
  mutating func decode(_ bytes: [UInt8]) -> [Key] {
    let input = pending.isEmpty ? bytes : pending + bytes
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < input.count {
      switch mode {
      case .ground: index = decodeKeys(input, from: index, into: &keys)
      case .string(let continuation):
        index = skipString(input, from: index, continuation: continuation, into: &keys)
      case .paste: index = readPaste(input, from: index, into: &keys)
      case .overlong: index = skipOverlong(input, from: index)
      }
    }
    return keys
  }

  /// Decodes keys from `index` until the input ends or a string or paste starts; returns where it stopped.
  private mutating func decodeKeys(_ input: [UInt8], from start: Int, into keys: inout [Key]) -> Int {
    var index = start
    while index < input.count {
      guard let (token, length) = Self.token(in: input[index...], atEnd: false) else {
        pending = Array(input[index...])
        return input.count
      }
      index += length
      switch token {
      case .key(let key): keys.append(key)
      case .characters(let text): keys += text.map(Key.character)
      case .ignored: break
      case .stringStart:
        mode = .string(continuation: 0)
        return index
      case .pasteStart:
        mode = .paste
        return index
      case .overlong(let key):
        keys.append(key)
        mode = .overlong
        return index
      }
    }
    return index
  }

  /// Drops the bytes of a string up to its end; returns where it stopped (the input's end when it goes on).
  /// A control byte that no string holds (any but BEL, CAN, SUB, `ESC` and the format effectors BS to CR), or
  /// `DEL`, is a key typed while it is open: its key is added to `keys`, and the string goes on. CAN and SUB end
  /// it, and are then decoded as keys.
  private mutating func skipString(
    _ input: [UInt8], from start: Int, continuation: Int, into keys: inout [Key]
  ) -> Int {
    var continuation = continuation
    var index = start
    while index < input.count {
      let byte = input[index]
      switch byte {
      case 0x07:  // BEL ends it.
        mode = .ground
        return index + 1
      case 0x18, 0x1A:  // CAN and SUB cancel it, and are keys of their own (Ctrl-Z suspends).
        mode = .ground
        return index
      case 0x00...0x06, 0x0E...0x17, 0x19, 0x1C...0x1F, 0x7F:  // Ctrl-C, Ctrl-D, DEL…: typed, never a string's.
        if let (key, _) = Self.key(in: input[index...index], atEnd: true) { keys.append(key) }
        continuation = 0
      case 0x1B:
        guard index + 1 < input.count else {
          pending = [0x1B]
          mode = .string(continuation: 0)
          return input.count
        }
        mode = .ground
        // ST (`ESC \`) ends it; an `ESC` followed by anything else ends it too and starts what follows.
        return input[index + 1] == 0x5C ? index + 2 : index
      case 0x9C where continuation == 0:  // the 8-bit ST
        mode = .ground
        return index + 1
      case 0x80...0xBF: continuation = max(continuation - 1, 0)
      case 0xC2...0xDF: continuation = 1
      case 0xE0...0xEF: continuation = 2
      case 0xF0...0xF4: continuation = 3
      default: continuation = 0
      }
      index += 1
    }
    mode = .string(continuation: continuation)
    return index
  }

  /// Drops the rest of an overlong control sequence: its parameter and intermediate bytes, and its final byte
  /// (0x40–0x7E); any other byte ends it and is not taken. Returns where it stopped.
  private mutating func skipOverlong(_ input: [UInt8], from start: Int) -> Int {
    var index = start
    while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
    guard index < input.count else { return index }
    mode = .ground
    return (0x40...0x7E).contains(input[index]) ? index + 1 : index
  }

  /// Keeps the bytes of a paste up to its end marker; returns where it stopped.
  private mutating func readPaste(_ input: [UInt8], from start: Int, into keys: inout [Key]) -> Int {
    var index = start
    while index < input.count {
      guard let escape = input[index...].firstIndex(of: 0x1B) else {
        appendPasted(input[index...], into: &keys)
        return input.count
      }
      appendPasted(input[index..<escape], into: &keys)
      let marker = input[escape..<min(escape + Self.pasteEnd.count, input.count)]
      if marker.elementsEqual(Self.pasteEnd) {
        keys.append(takePaste(upTo: pasted.count))
        mode = .ground
        return escape + Self.pasteEnd.count
      }
      if escape + marker.count == input.count, Self.pasteEnd.starts(with: marker) {
        pending = Array(marker)
        return input.count
      }
      appendPasted(input[escape...escape], into: &keys)
      index = escape + 1
    }
    return index
  }

  /// Adds bytes to the paste; each time it holds more than ``pastePieceLength`` bytes, hands its first piece on:
  /// ``pastePieceLength`` bytes, or up to 3 fewer so that it ends between two UTF-8 characters. What is kept
  /// stays at most ``pastePieceLength`` bytes, and the pieces depend on the paste alone, not on the reads.
  private mutating func appendPasted(_ bytes: ArraySlice<UInt8>, into keys: inout [Key]) {
    var rest = bytes
    while !rest.isEmpty {
      let count = min(rest.count, Self.pastePieceLength + 1 - pasted.count)
      pasted += rest.prefix(count)
      rest = rest.dropFirst(count)
      guard pasted.count > Self.pastePieceLength else { continue }
      // Cut before the character that holds the byte past the piece (at most 3 continuation bytes back).
      var cut = Self.pastePieceLength
      while cut > Self.pastePieceLength - 3, pasted[cut] & 0xC0 == 0x80 { cut -= 1 }
      keys.append(takePaste(upTo: cut))
    }
  }

  /// The first `count` bytes of the paste as a ``Key/paste(_:)``, removed from it.
  private mutating func takePaste(upTo count: Int) -> Key {
    let text = String(decoding: pasted[..<count], as: UTF8.self)
    pasted.removeFirst(count)
    return .paste(text)
  }

  /// What the bytes at the start of a slice are.
  private enum Token {
    /// A key.
    case key(Key)
    /// Characters, in order: the text one key event of kitty's protocol carries.
    case characters(String)
    /// A sequence that means nothing here (a stray end of paste, a key's release).
    case ignored
    /// The introducer of an OSC, DCS, APC, PM or SOS string.
    case stringStart
    /// The start of a bracketed paste.
    case pasteStart
    /// The first ``KeyDecoder/maximumSequenceLength`` bytes of a longer control sequence, reported as this key;
    /// the rest of the sequence follows.
    case overlong(Key)
  }

  /// The token at the start of `bytes` and how many bytes it took, or `nil` when the bytes are an incomplete
  /// prefix (never when `atEnd`: then an incomplete prefix is reported as it is).
  private static func token(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Token, Int)? {
    if bytes[bytes.startIndex] == 0x1B { return escapeSequence(in: bytes, atEnd: atEnd) }
    return key(in: bytes, atEnd: atEnd).map { (.key($0.0), $0.1) }
  }

  /// The key of a byte that is not `ESC`, or of a UTF-8 character.
  private static func key(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
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

  private static func escapeSequence(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Token, Int)? {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return atEnd ? (.key(.escape), 1) : nil }
    let introducer = bytes[start + 1]
    switch introducer {
    case 0x4F: return singleShift(in: bytes, atEnd: atEnd)
    case 0x5B: return controlSequence(in: bytes, atEnd: atEnd)
    case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // OSC, DCS, APC, PM, SOS
      // Alone, at the end of the input, it is the Alt key it also is (Alt+], Alt+Shift+P…): a terminal sends a
      // string at once, so the introducer alone until the Escape timeout passes was typed. So was one followed at
      // once by an `ESC` that starts no ST: a terminal sends no empty string but with ST.
      let alt = Key.alt(.character(Character(Unicode.Scalar(introducer))))
      guard bytes.count > 2 else { return atEnd ? (.key(alt), 2) : nil }
      guard bytes[start + 2] == 0x1B else { return (.stringStart, 2) }
      guard bytes.count > 3 else { return atEnd ? (.key(alt), 2) : nil }
      return bytes[start + 3] == 0x5C ? (.stringStart, 2) : (.key(alt), 2)
    case 0x1B: return (.key(.escape), 1)
    case 0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x20...0x7E, 0x80...:
      // Alt and a key: a character, Enter, Tab or Backspace.
      guard let (key, length) = key(in: bytes.dropFirst(), atEnd: atEnd) else { return nil }
      return (.key(.alt(key)), length + 1)
    default: return (.key(.escape), 1)  // ESC and another control: an Escape, then that control's key.
    }
  }

  /// An `SS3` sequence: `ESC O` and its final byte (`ESC O A`, the up arrow), after parameter bytes 0x30–0x3F when
  /// the terminal sends a modifier that way (`ESC O 5 A`, Control and the up arrow, from an xterm set to its old
  /// modified keys): the parameters belong to the sequence, so that its final byte is not taken for a typed key.
  private static func singleShift(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Token, Int)? {
    let start = bytes.startIndex
    switch scan(bytes, atEnd: atEnd, introducer: "O", parameters: 0x30...0x3F, finals: 0x20...0x7E) {
    case .incomplete: return nil
    case .ended(let token, let length): return (token, length)
    case .final(let index):
      let length = index - start + 1
      let key = isModifier(bytes[(start + 2)..<index]) ? finalKey(bytes[index], parameter: nil) : nil
      return (.key(key ?? .unknown(Array(bytes[start..<start + length]))), length)
    }
  }

  /// How a sequence that starts with `ESC` and its `introducer` goes on.
  private enum Scan {
    /// More input is needed.
    case incomplete
    /// It ended before a final byte: the token and the bytes it takes.
    case ended(Token, Int)
    /// Its final byte is at this index.
    case final(Int)
  }

  /// Reads a sequence of `ESC`, its `introducer`, bytes in `parameters` and a final byte in `finals`. One longer
  /// than ``maximumSequenceLength`` is cut (the rest dropped); a byte that is neither (a control byte, DEL, a byte
  /// of 0x80 or more) ends it as the end of the input does, and is a key of its own (Backspace, a character):
  /// `ESC` and the introducer alone are Alt and the introducer, with parameters an unknown key.
  private static func scan(
    _ bytes: ArraySlice<UInt8>, atEnd: Bool, introducer: Character, parameters: ClosedRange<UInt8>,
    finals: ClosedRange<UInt8>
  ) -> Scan {
    let start = bytes.startIndex
    guard bytes.count > 2 else { return atEnd ? .ended(.key(.alt(.character(introducer))), 2) : .incomplete }
    var index = start + 2
    while index < bytes.endIndex, parameters.contains(bytes[index]) {
      index += 1
      if index - start == maximumSequenceLength {
        return .ended(.overlong(.unknown(Array(bytes[start..<index]))), index - start)
      }
    }
    guard index < bytes.endIndex else {
      return atEnd ? .ended(.key(.unknown(Array(bytes[start..<index]))), index - start) : .incomplete
    }
    guard finals.contains(bytes[index]) else {
      let key = index == start + 2 ? Key.alt(.character(introducer)) : .unknown(Array(bytes[start..<index]))
      return .ended(.key(key), index - start)
    }
    return .final(index)
  }

  /// A `CSI` sequence: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final byte 0x40–0x7E.
  private static func controlSequence(in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (Token, Int)? {
    let start = bytes.startIndex
    let index: Int
    switch scan(bytes, atEnd: atEnd, introducer: "[", parameters: 0x20...0x3F, finals: 0x40...0x7E) {
    case .incomplete: return nil
    case .ended(let token, let length): return (token, length)
    case .final(let found): index = found
    }
    let final = bytes[index]
    let length = index - start + 1
    let sequence = Array(bytes[start..<start + length])
    if final == 0x4D, length == 3 {  // X10 mouse: CSI M and three bytes (button + 32, column + 32, row + 32).
      // None of them is a control byte (each is 32 or more), but for xterm's NUL as a column or row past its
      // limit: another one ends the sequence, as above.
      let report = bytes[(start + 3)..<min(start + 6, bytes.endIndex)]
      if let control = report.indices.first(where: { bytes[$0] < 0x20 && (bytes[$0] != 0 || $0 == start + 3) }) {
        return (.key(.unknown(Array(bytes[start..<control]))), control - start)
      }
      guard bytes.count >= length + 3 else {
        return atEnd ? (.key(.unknown(Array(bytes[start...]))), bytes.count) : nil
      }
      let code = Int(bytes[start + 3]) - 32
      let event = MouseEvent(
        code: max(code, 0), column: x10Position(bytes[start + 4]), row: x10Position(bytes[start + 5]),
        isRelease: false)
      return (.key(.mouse(event)), length + 3)
    }
    if bytes[start + 2] == 0x3C, final == 0x4D || final == 0x6D {  // SGR mouse: CSI < b ; x ; y M (or m).
      let fields = bytes[(start + 3)..<index].split(separator: 0x3B, omittingEmptySubsequences: false)
      let numbers = fields.compactMap(number)
      guard fields.count == 3, numbers.count == 3 else { return (.key(.unknown(sequence)), length) }
      let event = MouseEvent(code: numbers[0], column: numbers[1], row: numbers[2], isRelease: final == 0x6D)
      return (.key(.mouse(event)), length)
    }
    let parameters = bytes[(start + 2)..<index]
    if final == 0x75 || final == 0x7E, let token = codePointKey(parameters, final: final) {
      return (token, length)
    }
    let parameter = number(parameters)
    if final == 0x7E, parameter == 200 { return (.pasteStart, length) }
    if final == 0x7E, parameter == 201 { return (.ignored, length) }
    if let (parameter, event) = keyEvent(parameters), let key = finalKey(final, parameter: parameter) {
      return (event == 3 ? .ignored : .key(key), length)
    }
    let key = isModifier(parameters) ? finalKey(final, parameter: parameter) : nil
    return (.key(key ?? .unknown(sequence)), length)
  }

  /// Whether a key's parameter bytes are a modifier as terminals send one: digits and `;` (`1;5`, Control), after
  /// the private marker `>` at most (xterm's, with its `modifyCursorKeys` set to 3). Any other byte (an
  /// intermediate such as a sign or a space, a private marker `<`, `=` or `?`, a `:`) makes the sequence another
  /// one, no key's.
  private static func isModifier(_ parameters: ArraySlice<UInt8>) -> Bool {
    let rest = parameters.first == 0x3E ? parameters.dropFirst() : parameters
    return rest.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x3B }
  }

  /// A key sent as its code point with its modifiers, as a terminal does in a keyboard mode a program may leave on
  /// when it ends without turning it off: xterm's modifyOtherKeys (`CSI 27 ; m ; k ~`) or kitty's keyboard
  /// protocol (`CSI k u`, `CSI k ; m u`, the form of fixterms too), where `k` is the key's Unicode code point and
  /// `m` one more than its modifier bits (Shift 1, Alt 2, Control 4; Caps Lock 64 and Num Lock 128 are ignored).
  /// The key is what the same keys send without the mode: Control and a letter or one of `@ [ \ ] ^ _` is its
  /// control byte (Ctrl-C ``Key/interrupt``, Ctrl-Z ``Key/suspend``, Ctrl-[ ``Key/escape``…), Enter, Tab,
  /// Backspace and Escape are theirs, another code point its character (Shift and a lowercase ASCII letter its
  /// capital), and Alt makes it ``Key/alt(_:)``.
  ///
  /// The richer fields of kitty's protocol are read too (`CSI k:s:b ; m:e ; t u`): with Shift held, the shifted
  /// key `s` is the character (so Shift and `1` is `!` on the user's layout), and the base layout key `b` is
  /// ignored; the event type `e` is a press (1) or a repeat (2), both the key, or a release (3), which is no key
  /// press and is dropped, whatever the key; the text `t` (code points, `:` between them), when neither Control
  /// nor Alt is held and it holds no control character, is the characters typed. The keypad's keys, which kitty
  /// sends as code points of the Private Use Area (57399–57424), are the keys they stand for: a digit, one of
  /// `. / * - + = ,`, Enter, an arrow, Page Up or Down, Home or End.
  ///
  /// `nil` (the sequence is then unknown) for anything else: other parameters, Super, Hyper or Meta held, Control
  /// with another key, a code point of no character, one of the C1 controls, or kitty's other function keys
  /// (Insert, Delete, F13 on, the media, lock and modifier keys) in the Private Use Area.
  private static func codePointKey(_ parameters: ArraySlice<UInt8>, final: UInt8) -> Token? {
    let fields = parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map {
      $0.split(separator: 0x3A, omittingEmptySubsequences: false)
    }
    var code: Int?
    var shifted: Int?
    var modifiers: Int? = 1
    var event = 1
    var text: [Unicode.Scalar]?
    switch final {
    case 0x7E:
      guard fields.count == 3, fields.allSatisfy({ $0.count == 1 }), number(fields[0][0]) == 27 else { return nil }
      (code, modifiers) = (number(fields[2][0]), number(fields[1][0]))
    default:
      guard (1...3).contains(fields.count), (1...3).contains(fields[0].count) else { return nil }
      code = number(fields[0][0])
      if fields[0].count > 1, !fields[0][1].isEmpty {
        guard let alternate = number(fields[0][1]) else { return nil }
        shifted = alternate
      }
      if fields[0].count > 2, !fields[0][2].isEmpty, number(fields[0][2]) == nil { return nil }
      if fields.count > 1 {
        let field = fields[1]
        guard field.count <= 2 else { return nil }
        // An empty modifier field before a text field is no modifier (the text is what matters then).
        modifiers = field[0].isEmpty && field.count == 1 && fields.count == 3 ? 1 : number(field[0])
        if field.count == 2 {
          guard let type = number(field[1]), (1...3).contains(type) else { return nil }
          event = type
        }
      }
      if fields.count == 3 {
        let points = fields[2].map { number($0).flatMap { Unicode.Scalar(UInt32(clamping: $0)) } }
        guard !points.isEmpty, points.allSatisfy({ $0 != nil }) else { return nil }
        text = points.compactMap { $0 }
      }
    }
    guard let code, let modifiers, modifiers >= 1 else { return nil }
    if event == 3 { return .ignored }
    guard (modifiers - 1) & ~(1 | 2 | 4 | 64 | 128) == 0 else { return nil }
    var bits = modifiers - 1
    if bits & (2 | 4) == 0, let text, text.allSatisfy(isTypable) {
      return .characters(String(String.UnicodeScalarView(text)))
    }
    var point = code
    if bits & 1 != 0, bits & 4 == 0, let shifted {
      point = shifted
      bits &= ~1
    }
    guard let scalar = Unicode.Scalar(UInt32(clamping: point)) else { return nil }
    return codePointKey(scalar, bits: bits).map(Token.key)
  }

  /// The key of code point `scalar` pressed with modifier `bits` (see ``codePointKey(_:final:)``), or `nil`.
  private static func codePointKey(_ scalar: Unicode.Scalar, bits: Int) -> Key? {
    let key: Key
    switch scalar.value {
    case 0x0D, 57414: key = .enter
    case 0x09: key = .tab
    case 0x1B: key = .escape
    case 0x7F, 0x08: key = .backspace
    case 57417...57424:
      // The keypad's arrows, Page Up and Down, Home and End: their modifiers are read and ignored, as an arrow's.
      let keys: [Key] = [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end]
      return keys[Int(scalar.value) - 57417]
    case 57399...57413, 57415, 57416:
      // The keypad's digits, `. / * - +`, `=` and `,`: characters, with Control no key.
      guard bits & 4 == 0 else { return nil }
      // 57414, between `+` and `=`, is the keypad's Enter (above).
      let characters: [Character] = Array("0123456789./*-+") + ["\r", "=", ","]
      key = .character(characters[Int(scalar.value) - 57399])
    case _ where bits & 4 != 0:
      // Control and a letter or one of @ [ \ ] ^ _: its control byte, decoded as the byte alone (Ctrl-[ is Escape).
      guard (0x40...0x5F).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) else { return nil }
      let byte = UInt8(scalar.value & 0x1F)
      if byte == 0x1B {
        key = .escape
      } else if let (control, _) = Self.key(in: [byte][...], atEnd: true) {
        key = control
      } else {
        return nil
      }
    case _ where isTypable(scalar):
      let shifted = bits & 1 != 0 && (0x61...0x7A).contains(scalar.value)
      key = .character(Character(shifted ? Unicode.Scalar(UInt8(scalar.value - 0x20)) : scalar))
    default: return nil
    }
    return bits & 2 != 0 ? .alt(key) : key
  }

  /// Whether `scalar` is a character a key types: printable ASCII or a code point from U+00A0 on, outside the
  /// Private Use Area U+E000–U+F8FF (where kitty puts its function keys).
  private static func isTypable(_ scalar: Unicode.Scalar) -> Bool {
    (0x20...0x7E).contains(scalar.value) || (scalar.value >= 0xA0 && !(0xE000...0xF8FF).contains(scalar.value))
  }

  /// The number and the event type of a key kitty's protocol sends in its legacy form with an event type
  /// (`CSI 1 ; m : e A`, an arrow; `CSI 5 ; m : e ~`, Page Up): `nil` unless the parameters are a number (or
  /// nothing), `;`, a modifier (1 or more: one more than the modifier bits) and `:` and an event type from 1
  /// (press) to 3 (release).
  private static func keyEvent(_ parameters: ArraySlice<UInt8>) -> (parameter: Int?, event: Int)? {
    let fields = parameters.split(separator: 0x3B, omittingEmptySubsequences: false)
    guard fields.count == 2, fields[0].isEmpty || number(fields[0]) != nil else { return nil }
    let modifier = fields[1].split(separator: 0x3A, omittingEmptySubsequences: false)
    guard modifier.count == 2, let bits = number(modifier[0]), bits >= 1, let event = number(modifier[1]),
      (1...3).contains(event)
    else { return nil }
    return (number(fields[0]), event)
  }

  /// The one-based column or row an X10 mouse report's byte spells: the byte less 32, and 224 for the NUL that
  /// xterm sends for a position at or past its limit (the 224th column or row), as 256 cut to 8 bits.
  private static func x10Position(_ byte: UInt8) -> Int { byte == 0 ? 224 : Int(byte) - 32 }

  /// The number a parameter's bytes spell in decimal, or `nil` when they are empty, hold anything but the digits
  /// 0–9 (a sign, such as `+` or `-`, is an intermediate byte, not part of a number) or spell one too large.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(String(decoding: digits, as: UTF8.self))
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
    // A byte that cannot continue the character cuts it at once, even before its end: what came of it is one
    // U+FFFD.
    let start = bytes.startIndex
    let slice = bytes[start..<start + min(length, bytes.count)]
    if let cut = slice.dropFirst().firstIndex(where: { $0 & 0xC0 != 0x80 }) {
      return (.character("\u{FFFD}"), cut - start)
    }
    guard bytes.count >= length else { return atEnd ? (.character("\u{FFFD}"), bytes.count) : nil }
    let text = String(decoding: slice, as: UTF8.self)
    return (.character(text.first ?? "\u{FFFD}"), length)
  }
}
