import TestSupport
import Testing

@testable import ListFlowTerminal

/// Keys sent with the richer fields of kitty's keyboard protocol, which a program may leave on when it ends
/// without turning it off (`CSI k:s:b ; m:e ; t u`, and `CSI 1 ; m:e A` for the keys of the legacy form): a press
/// or a repeat is the key the same keys send without the mode, a release is no key, the text and the shifted key
/// are what was typed, and the keypad's keys are the keys they stand for. None of them is lost as an unknown
/// sequence.
@Suite struct KittyKeyEventPropertyTests {
  typealias Piece = (bytes: [UInt8], keys: [Key])

  /// One of kitty's key events and the keys it is, by weight.
  static let events = WeightedChoice<@Sendable (inout SeededRandom) -> Piece>([
    ("a letter with its shifted key, Shift held or not", weight: 3, letterWithShiftedKey),
    ("a key with the shifted key of the user's layout", weight: 3, layoutShiftedKey),
    ("the text a key types", weight: 3, typedText),
    ("a key pressed or repeated, its event type told", weight: 3, pressOrRepeat),
    ("a key released", weight: 3, release),
    ("an arrow, Home, End, Page Up or Down with its event type", weight: 3, legacyKeyEvent),
    ("a key of the keypad", weight: 3, keypadKey),
    ("no key: another function key, Super held, a malformed field", weight: 2, noKey),
  ])

  /// `CSI` and `body`, as bytes.
  static func sequence(_ body: String) -> [UInt8] { Array("\u{1B}[\(body)".utf8) }

  /// A modifier field: one more than `bits`, with Caps Lock or Num Lock at random.
  static func modifiers(_ bits: Int, using random: inout SeededRandom) -> Int {
    1 + (bits | (random.oneIn(4) ? 64 : 0) | (random.oneIn(4) ? 128 : 0))
  }

  /// An event type field for a key that is pressed (1 or 2): told or not.
  static func pressed(using random: inout SeededRandom) -> String {
    random.oneIn(3) ? "" : ":\(1 + random.below(2))"
  }

  static func letterWithShiftedKey(_ random: inout SeededRandom) -> Piece {
    let lower = UInt8(0x61 + random.below(26))
    let shift = random.oneIn(2)
    let alt = random.oneIn(3)
    let base = random.oneIn(2) ? ":\(lower)" : ""
    let bits = (shift ? 1 : 0) | (alt ? 2 : 0)
    let bytes = sequence(
      "\(lower):\(lower - 0x20)\(base);\(modifiers(bits, using: &random))\(pressed(using: &random))u")
    let key = Key.character(Character(Unicode.Scalar(shift ? lower - 0x20 : lower)))
    return (bytes, [alt ? .alt(key) : key])
  }

  static func layoutShiftedKey(_ random: inout SeededRandom) -> Piece {
    let codes = Array("1234567890-=[];',./`").map { $0.unicodeScalars.first!.value }
    let shiftedKeys: [UInt32] =
      Array("!@#$%^&*()_+{}:\"<>?~").map { $0.unicodeScalars.first!.value } + [
        0xE9, 0x00A7, 0x20AC, 0x4E2D, 0x1F600,
      ]
    let code = codes.randomElement(using: &random)!
    let shiftedKey = shiftedKeys.randomElement(using: &random)!
    let shift = random.oneIn(2)
    let bits = shift ? 1 : 0
    let bytes = sequence("\(code):\(shiftedKey);\(modifiers(bits, using: &random))\(pressed(using: &random))u")
    return (bytes, [.character(Character(Unicode.Scalar(shift ? shiftedKey : code)!))])
  }

  static func typedText(_ random: inout SeededRandom) -> Piece {
    let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x2FF, 0x400...0x4FF, 0x4E00...0x4FFF, 0x1F600...0x1F64F]
    // One or two: a longer text makes a sequence longer than the decoder keeps whole (32 bytes).
    let scalars = (0..<1 + random.below(2)).map { _ in
      let range = ranges.randomElement(using: &random)!
      return Unicode.Scalar(range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1)))!
    }
    let code = scalars[0].properties.lowercaseMapping.unicodeScalars.first!.value
    let shift = random.oneIn(2)
    let modifier = !shift && random.oneIn(3) ? "" : "\(modifiers(shift ? 1 : 0, using: &random))"
    let text = scalars.map { String($0.value) }.joined(separator: ":")
    let bytes = sequence("\(code);\(modifier)\(modifier.isEmpty ? "" : pressed(using: &random));\(text)u")
    return (bytes, String(String.UnicodeScalarView(scalars)).map(Key.character))
  }

  static func pressOrRepeat(_ random: inout SeededRandom) -> Piece {
    let named: [(UInt32, Key)] = [
      (13, .enter), (9, .tab), (127, .backspace), (27, .escape), (113, .character("q")), (106, .character("j")),
      (99, .interrupt), (122, .suspend),
    ]
    let (code, key) = named.randomElement(using: &random)!
    let control = key == .interrupt || key == .suspend
    let bytes = sequence("\(code);\(modifiers(control ? 4 : 0, using: &random)):\(1 + random.below(2))u")
    return (bytes, [key])
  }

  static func release(_ random: inout SeededRandom) -> Piece {
    let code = [13, 9, 127, 27, 99, 113, 57_399 + random.below(28), 57_441 + random.below(14)]
      .randomElement(using: &random)!
    let shifted = random.oneIn(3) ? ":\(65 + random.below(26))" : ""
    let text = random.oneIn(3) ? ";\(97 + random.below(26))" : ""
    let bits = random.below(8) | (random.oneIn(4) ? 8 : 0)
    return (sequence("\(code)\(shifted);\(modifiers(bits, using: &random)):3\(text)u"), [])
  }

  static func legacyKeyEvent(_ random: inout SeededRandom) -> Piece {
    // The number before the modifier (none for the first up arrow), the final byte, the key.
    let keys: [(String, String, Key)] = [
      ("1", "A", .up), ("1", "B", .down), ("1", "C", .right), ("1", "D", .left), ("1", "H", .home),
      ("1", "F", .end), ("", "A", .up), ("5", "~", .pageUp), ("6", "~", .pageDown), ("7", "~", .home),
      ("8", "~", .end),
    ]
    let (number, final, key) = keys.randomElement(using: &random)!
    let event = 1 + random.below(3)
    let field = "\(modifiers(random.below(8), using: &random)):\(event)"
    return (sequence("\(number);\(field)\(final)"), event == 3 ? [] : [key])
  }

  static func keypadKey(_ random: inout SeededRandom) -> Piece {
    let keys: [Key] =
      Array("0123456789./*-+").map(Key.character) + [.enter, .character("="), .character(",")]
      + [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end]
    let offset = random.below(keys.count)
    let key = keys[offset]
    let alt = random.oneIn(3)
    let bits = (alt ? 2 : 0) | (random.oneIn(3) ? 1 : 0)
    let bytes = sequence("\(57_399 + offset);\(modifiers(bits, using: &random))\(pressed(using: &random))u")
    switch key {
    case .character, .enter: return (bytes, [alt ? .alt(key) : key])
    default: return (bytes, [key])  // The keypad's arrows and pages ignore their modifiers, as the arrows do.
    }
  }

  static func noKey(_ random: inout SeededRandom) -> Piece {
    let forms = [
      "\(57_425 + random.below(3));1u",  // the keypad's Insert, Delete and Begin
      "\(57_376 + random.below(23))u",  // F13 to F35
      "\(57_441 + random.below(14));\(1 + random.below(8)):1u",  // a modifier key pressed alone
      "\(97 + random.below(26));\(1 + 8 + random.below(8)):\(1 + random.below(2))u",  // Super held
      "\(97 + random.below(26));1:\(4 + random.below(5))u",  // no such event type
      "\(97 + random.below(26));1;u",  // an empty text
      "\(97 + random.below(26)):\(0x11_0000 + random.below(9));2u",  // a shifted key that is no code point
      "\(57_399 + random.below(10));5u",  // Control and a keypad digit
      "1;1:4A",  // an arrow with no such event type
    ]
    let bytes = sequence(forms.randomElement(using: &random)!)
    return (bytes, [.unknown(bytes)])
  }

  @Test("kitty's key events (shifted keys, text, event types, the keypad) are the keys typed, releases none")
  func kittyKeyEvents() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed &+ 0x6B69, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.events.pick(using: &random).value(&random)
      }
    }
  }

  @Test("a held arrow repeats, its release moves nothing, and Shift and 1 is the layout's shifted key")
  func examples() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Self.sequence("1;1:1B") + Self.sequence("1;1:2B") + Self.sequence("1;1:3B")) == [.down, .down])
    #expect(decoder.decode(Self.sequence("49:33;2u")) == [.character("!")])
    #expect(decoder.decode(Self.sequence("97;;97u") + Self.sequence("97;1:3u")) == [.character("a")])
    #expect(decoder.decode(Self.sequence("57414u") + Self.sequence("57401;1:2u")) == [.enter, .character("2")])
  }
}
