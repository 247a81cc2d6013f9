import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Generated input for the key decoder: keys a terminal sends, with hostile control sequences among them, cut
/// into reads at random places, against the keys each piece stands for.
@Suite struct KeyDecoderPropertyTests {
  /// Pieces of input that decode to known keys (or, for a string, to none), whatever comes before or after them.
  static let keys: [(bytes: [UInt8], keys: [Key])] = [
    (Array("j".utf8), [.character("j")]), (Array("q".utf8), [.character("q")]), (Array(" ".utf8), [.character(" ")]),
    (Array("7".utf8), [.character("7")]), (Array("日".utf8), [.character("日")]), (Array("\u{1B}[A".utf8), [.up]),
    (Array("\u{1B}OB".utf8), [.down]), (Array("\u{1B}[6~".utf8), [.pageDown]), (Array("\u{1B}[1;5C".utf8), [.right]),
    ([0x03], [.interrupt]), ([0x0D], [.enter]), ([0x7F], [.backspace]),
    (Array("\u{1B}x".utf8), [.alt(.character("x"))]),
    (Array("\u{1B}[<0;5;3M".utf8), [.mouse(MouseEvent(code: 0, column: 5, row: 3, isRelease: false))]),
    (Array("\u{1B}]0;title\u{07}".utf8), []), (Array("\u{1B}[200~a\u{1B}[201~".utf8), [.paste("a")]),
  ]

  /// Reads of `bytes`: mostly short, now and then long, so that pieces are cut everywhere.
  static func reads(of bytes: [UInt8], using random: inout SeededRandom) -> [[UInt8]] {
    var reads: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
      let length = random.oneIn(4) ? Int.random(in: 1...4_096, using: &random) : Int.random(in: 1...9, using: &random)
      reads.append(Array(bytes[start..<min(start + length, bytes.count)]))
      start += length
    }
    return reads
  }

  /// Decodes `reads`, then flushes.
  static func decode(_ reads: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return reads.flatMap { decoder.decode($0) } + decoder.flush()
  }

  /// A control sequence longer than the bound: `ESC [`, random parameter and intermediate bytes, a final byte.
  static func overlongSequence(using random: inout SeededRandom) -> [UInt8] {
    let length =
      random.oneIn(3)
      ? Int.random(in: 33...10_000, using: &random)
      : Int.random(in: 33...(KeyDecoder.maximumSequenceLength + 8), using: &random)
    let middle = (0..<length - 3).map { _ in
      random.oneIn(5) ? UInt8.random(in: 0x20...0x2F, using: &random) : UInt8.random(in: 0x30...0x3F, using: &random)
    }
    return [0x1B, 0x5B] + middle + [UInt8.random(in: 0x40...0x7E, using: &random)]
  }

  @Test("an overlong control sequence among keys is one unknown key of its first bytes, however the reads split it")
  func overlongSequences() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 120, deep: 5_000) {
      Self.expectDecodedAmongKeys(seed: seed, oneIn: 3) { random in
        let sequence = Self.overlongSequence(using: &random)
        return (sequence, [.unknown(Array(sequence.prefix(KeyDecoder.maximumSequenceLength)))])
      }
    }
  }

  /// A control sequence whose numbers carry a sign (`+` and `-` are intermediate bytes, never part of a number):
  /// Page Up, Page Down, Home, End, the start or end of a paste, or an SGR mouse report, each with a `+` or `-`
  /// before one of its numbers or a space or `+` after it.
  static func signedSequence(using random: inout SeededRandom) -> [UInt8] {
    func signed(_ number: String) -> String {
      random.oneIn(3)
        ? number + ["+", " "].randomElement(using: &random)! : ["+", "-"].randomElement(using: &random)! + number
    }
    if random.oneIn(3) {
      var fields = ["0", "5", "3"]
      let field = random.below(fields.count)
      fields[field] = signed(fields[field])
      return Array("\u{1B}[<\(fields.joined(separator: ";"))\(random.oneIn(2) ? "M" : "m")".utf8)
    }
    let number = ["1", "4", "5", "6", "7", "8", "200", "201"].randomElement(using: &random)!
    return Array("\u{1B}[\(signed(number))~".utf8)
  }

  @Test("a number with a sign in a control sequence is no number: the sequence is an unknown key")
  func signedNumbersAreUnknown() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 60, deep: 2_000) {
      Self.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        let sequence = Self.signedSequence(using: &random)
        return (sequence, [.unknown(sequence)])
      }
    }
  }

  @Test("a string's introducer typed alone is its Alt key once the Escape timeout passes; keys typed next are kept")
  func typedStringIntroducers() {
    let introducers: [Character] = ["]", "P", "_", "^", "X"]
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 60, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      var decoder = TimedKeyDecoder(escapeTimeout: .milliseconds(30))
      var time = Duration.seconds(1)
      var keys: [Key] = []
      var expected: [Key] = []
      var typed: [[UInt8]] = []
      // Each typed key in a read of its own, a random 31 ms to 2 s after the one before (past the timeout).
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        var piece = Self.keys.randomElement(using: &random)!
        if random.oneIn(3) {
          let introducer = introducers.randomElement(using: &random)!
          piece = ([0x1B] + Array(String(introducer).utf8), [.alt(.character(introducer))])
        }
        keys += decoder.decode(piece.bytes, at: time)
        time += .milliseconds(Int.random(in: 31...2_000, using: &random))
        keys += decoder.expire(at: time)
        expected += piece.keys
        typed.append(piece.bytes)
      }
      keys += decoder.finish()
      #expect(keys == expected, "seed \(seed): reads \(typed)")
    }
  }

  /// Decodes, from random reads, 1 to 12 pieces: each time `random.oneIn(n)`, the bytes and keys `special` makes,
  /// else a known key's; and expects the keys of the pieces, in order.
  static func expectDecodedAmongKeys(
    seed: UInt64, oneIn n: Int, _ special: (inout SeededRandom) -> (bytes: [UInt8], keys: [Key])
  ) {
    var random = SeededRandom(seed: seed)
    var bytes: [UInt8] = []
    var expected: [Key] = []
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      let piece = random.oneIn(n) ? special(&random) : Self.keys.randomElement(using: &random)!
      bytes += piece.bytes
      expected += piece.keys
    }
    let reads = Self.reads(of: bytes, using: &random)
    let keys = Self.decode(reads)
    #expect(keys == expected, "seed \(seed): \(bytes.count) bytes in reads of \(reads.map(\.count)) bytes")
  }

  /// The key of a control byte other than `ESC`, as the docs list them.
  static func controlKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x03: .interrupt
    case 0x04: .endOfInput
    case 0x1A: .suspend
    case 0x09: .tab
    case 0x08: .backspace
    default: .unknown([byte])
    }
  }

  /// The start of a sequence a control byte may cut, and the key it is then: `ESC [` or `ESC O` alone (Alt+[,
  /// Alt+O), `ESC [` and parameters or intermediates (an unknown sequence, cut at the bound when longer), or an X10
  /// mouse report's start.
  static func cutSequence(using random: inout SeededRandom) -> (bytes: [UInt8], key: Key) {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return ([0x1B, 0x4F], .alt(.character("O")))
    case 1: return ([0x1B, 0x5B], .alt(.character("[")))
    case 2:
      let count = Int.random(in: 0...2, using: &random)
      let bytes = [0x1B, 0x5B, 0x4D] + (0..<count).map { _ in UInt8.random(in: 0x20...0xFF, using: &random) }
      return (bytes, .unknown(bytes))
    default:
      let count = random.oneIn(4) ? Int.random(in: 30...60, using: &random) : Int.random(in: 1...29, using: &random)
      let bytes =
        [0x1B, 0x5B]
        + (0..<count).map { _ in
          random.oneIn(5)
            ? UInt8.random(in: 0x20...0x2F, using: &random) : UInt8.random(in: 0x30...0x3F, using: &random)
        }
      return (bytes, .unknown(Array(bytes.prefix(KeyDecoder.maximumSequenceLength))))
    }
  }

  @Test("a control byte after ESC [, ESC O or inside a sequence ends it and is its own key, Ctrl-C among them")
  func controlsEndSequences() {
    let controls = (0x00...0x1F).map(UInt8.init).filter { $0 != 0x1B }
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 500, deep: 8_000) {
      Self.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        let (sequence, key) = Self.cutSequence(using: &random)
        var control = random.oneIn(2) ? 0x03 : controls.randomElement(using: &random)!
        // A NUL is an X10 report's column or row past xterm's limit (see `InputEdgePropertyTests`), not a cut.
        if control == 0, sequence.count > 3, sequence.starts(with: [0x1B, 0x5B, 0x4D]) { control = 0x03 }
        return (sequence + [control], [key, Self.controlKey(control)])
      }
    }
  }

  /// A byte or character that cannot be part of a control sequence (DEL, a UTF-8 character, a stray continuation
  /// byte or a byte that never starts one), and the key it is on its own.
  static func nonSequenceKey(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return ([0x7F], [.backspace])
    case 1:
      let character = ["é", "日", "😀", "Ŝ", "\u{9C}"].randomElement(using: &random)!
      return (Array(character.utf8), [.character(Character(character))])
    case 2: return ([UInt8.random(in: 0x80...0xBF, using: &random)], [.character("\u{FFFD}")])
    default: return ([UInt8.random(in: 0xF8...0xFF, using: &random)], [.character("\u{FFFD}")])
    }
  }

  @Test("DEL or a byte of 0x80 or more after ESC [, ESC O or inside a sequence ends it and is decoded as itself")
  func nonSequenceBytesEndSequences() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 500, deep: 8_000) {
      Self.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        // Not the start of an X10 mouse report, whose three bytes may be anything from 0x20 up.
        var cut = Self.cutSequence(using: &random)
        while cut.bytes.starts(with: [0x1B, 0x5B, 0x4D]) { cut = Self.cutSequence(using: &random) }
        let after = Self.nonSequenceKey(using: &random)
        return (cut.bytes + after.bytes, [cut.key] + after.keys)
      }
    }
  }

  /// The pieces of a paste of `text`: while more than `pastePieceLength` bytes are left, the longest run of whole
  /// UTF-8 characters (scalars) that fits in it; then the rest.
  static func pieces(of text: String) -> [String] {
    let characters = text.unicodeScalars.map { String($0) }
    let total = characters.reduce(0) { $0 + $1.utf8.count }
    var pieces: [String] = []
    var piece = ""
    var pieceBytes = 0
    var left = total
    for character in characters {
      if left > KeyDecoder.pastePieceLength, pieceBytes + character.utf8.count > KeyDecoder.pastePieceLength {
        pieces.append(piece)
        left -= pieceBytes
        piece = ""
        pieceBytes = 0
      }
      piece += character
      pieceBytes += character.utf8.count
    }
    if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
    return pieces
  }

  @Test("a long paste comes in pieces of the documented length, the same however the reads split it")
  func longPastePieces() {
    let pool = ["a", "é", "日", "😀", "\u{1B}", "\u{1B}[201", "\r\n", "~"]
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 4, deep: 60) {
      var random = SeededRandom(seed: seed)
      var bytes: [UInt8] = []
      var expected: [Key] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        // Lengths around the piece length and its multiples, and short ones.
        let target =
          random.oneIn(4)
          ? Int.random(in: 0...100, using: &random)
          : Int.random(in: 1...2, using: &random) * KeyDecoder.pastePieceLength + Int.random(in: -6...6, using: &random)
        var characters: [String] = []
        var length = 0
        while length < target {
          // `~` never follows the start of an end marker.
          var character = pool.randomElement(using: &random)!
          if character == "~", characters.last == "\u{1B}[201" { character = "a" }
          characters.append(character)
          length += character.utf8.count
        }
        bytes += Array("\u{1B}[200~".utf8) + characters.flatMap { Array($0.utf8) } + Array("\u{1B}[201~j".utf8)
        expected += Self.pieces(of: characters.joined()).map { Key.paste($0) } + [.character("j")]
      }
      var reads: [[UInt8]] = []
      var start = 0
      while start < bytes.count {
        let length = Int.random(in: 1...(random.oneIn(2) ? 300_000 : 5_000), using: &random)
        reads.append(Array(bytes[start..<min(start + length, bytes.count)]))
        start += length
      }
      let keys = Self.decode(reads)
      let lengths = { (keys: [Key]) in
        keys.map { key -> Int in
          if case .paste(let text) = key { return text.utf8.count }
          return -1
        }
      }
      let same = keys == expected
      #expect(same, "seed \(seed): pieces of \(lengths(keys)) bytes, not \(lengths(expected))")
      #expect(lengths(keys).allSatisfy { $0 <= KeyDecoder.pastePieceLength }, "seed \(seed)")
    }
  }
}
