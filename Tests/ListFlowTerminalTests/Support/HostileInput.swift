import ListFlowTesting
import TestSupport

/// Random terminal input for the input property tests: typed letters, Alt keys, strings a terminal sends (OSC,
/// DCS, APC, PM, SOS) and bracketed pastes of hostile text, in random order, cut into reads at random places.
struct HostileInput {
  /// One piece of the input.
  enum Piece {
    /// Letters typed one by one.
    case typed(String)
    /// `ESC` and a printable ASCII character: that character with Alt.
    case alt(Character)
    /// A string the terminal sends: its introducer, payload and terminator, all dropped.
    case string([UInt8])
    /// A bracketed paste of this text.
    case paste(String)
  }

  var pieces: [Piece] = []

  /// The bytes of all pieces.
  var bytes: [UInt8] {
    pieces.flatMap { piece -> [UInt8] in
      switch piece {
      case .typed(let text): Array(text.utf8)
      case .alt(let character): [0x1B] + Array(String(character).utf8)
      case .string(let bytes): bytes
      case .paste(let text): Array("\u{1B}[200~".utf8) + Array(text.utf8) + Array("\u{1B}[201~".utf8)
      }
    }
  }

  /// Text that hurts: combining marks (of two combining classes, so that they are reordered when normalised),
  /// bidi controls, an emoji ZWJ sequence, CJK, escape bytes, line breaks, tabs and ASCII that names commands.
  static let hostileAlphabet: [String] = [
    "a", "q", "d", "j", "/", "?", " ", "e\u{301}", "\u{301}", "\u{316}", "\u{202E}", "\u{2066}", "\u{200F}",
    "👨‍👩‍👧", "日", "本", "\u{1B}", "\u{1B}[31m", "\u{1B}]0;x\u{07}", "\r", "\n", "\t", "\u{7F}", "\u{03}",
    "\u{9C}", "Ŝ",
  ]

  /// The kinds of piece, by weight.
  static let pieceKinds = WeightedChoice<PieceKind>([
    ("typed letters", weight: 1, .typed),
    ("an Alt key", weight: 1, .alt),
    ("a string the terminal sends", weight: 1, .string),
    ("a bracketed paste of hostile text", weight: 1, .paste),
  ])

  /// The kinds of piece.
  enum PieceKind { case typed, alt, string, paste }

  /// The terminators of a string the terminal sends, by weight.
  static let stringTerminators = WeightedChoice<[UInt8]>([
    ("BEL", weight: 1, [0x07]),
    ("ESC backslash", weight: 1, [0x1B, 0x5C]),
    ("the 8-bit ST", weight: 1, [0x9C]),
  ])

  /// A random input of up to `maximumPieces` pieces.
  static func random(using random: inout SeededRandom, maximumPieces: Int = 12) -> HostileInput {
    var input = HostileInput()
    for _ in 0..<Int.random(in: 1...maximumPieces, using: &random) {
      switch pieceKinds.pick(using: &random).value {
      case .typed:
        let letters = "abcefgikmnoptuvwxyz"
        input.pieces.append(
          .typed(
            String((0..<Int.random(in: 1...4, using: &random)).map { _ in letters.randomElement(using: &random)! })))
      case .alt:
        // Not `[`, `O`, `]`, `P`, `X`, `_` or `^`: after `ESC` they start a sequence or a string, on every terminal.
        let keys = "qdjkgGbhl/?\\ 0;"
        input.pieces.append(.alt(keys.randomElement(using: &random)!))
      case .string: input.pieces.append(.string(randomString(using: &random)))
      case .paste:
        let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
          hostileAlphabet.randomElement(using: &random)!
        }
        input.pieces.append(.paste(text.joined()))
      }
    }
    return input
  }

  /// An OSC, DCS, APC, PM or SOS string with a payload of ASCII that names commands and UTF-8 text (whose
  /// continuation bytes include `0x9C`), ended by BEL, `ESC \` or the 8-bit ST.
  static func randomString(using random: inout SeededRandom) -> [UInt8] {
    let introducer: UInt8 = [0x5D, 0x50, 0x5F, 0x5E, 0x58].randomElement(using: &random)!
    let payloads = ["0;", "d", "q", "j", "k", "Ŝ", "日本", "title", "[A", "\r"]
    var bytes: [UInt8] = [0x1B, introducer]
    for _ in 0..<Int.random(in: 0...6, using: &random) {
      bytes += Array(payloads.randomElement(using: &random)!.utf8)
    }
    bytes += stringTerminators.pick(using: &random).value
    return bytes
  }

  /// The bytes cut into reads at random places (some empty, some single bytes).
  static func reads(of bytes: [UInt8], using random: inout SeededRandom) -> [[UInt8]] {
    var reads: [[UInt8]] = []
    var index = 0
    while index < bytes.count {
      let length = Int.random(in: 0...min(bytes.count - index, 9), using: &random)
      reads.append(Array(bytes[index..<index + length]))
      index += length
    }
    return reads
  }
}
