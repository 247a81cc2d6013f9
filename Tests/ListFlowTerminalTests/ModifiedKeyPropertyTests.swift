import TestSupport
import Testing

@testable import ListFlowTerminal

/// Keys sent in the keyboard modes a program may leave on when it ends without turning them off (xterm's
/// modifyOtherKeys, `CSI 27 ; m ; k ~`; the form of fixterms and kitty, `CSI k ; m u`): decoded as the keys the
/// same keys send without the mode, so that Ctrl-C still interrupts and a typed letter is still that letter.
@Suite struct ModifiedKeyPropertyTests {
  /// One key in one of the two forms, and the key it is: Control and a letter or one of `@ [ \ ] ^ _`, a
  /// character (with Shift, a lowercase letter's capital), Enter, Tab, Backspace or Escape, each with Alt or
  /// not and with Caps Lock or Num Lock at random; or a form that is no key (Super held, Control and a digit, a
  /// function key of kitty's Private Use Area, a C1 control, kitty's reply to its query), an unknown key.
  static func modifiedKey(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    var bits = (random.oneIn(4) ? 64 : 0) | (random.oneIn(4) ? 128 : 0)
    let alt = random.oneIn(3)
    if alt { bits |= 2 }
    let code: UInt32
    var key: Key
    switch random.below(5) {
    case 0:
      // Control and a letter, either case, or one of @ [ \ ] ^ _.
      let symbols: [UInt32] = [0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F]
      let letter = UInt32(0x61 + random.below(26)) - (random.oneIn(3) ? 0x20 : 0)
      code = random.oneIn(4) ? symbols.randomElement(using: &random)! : letter
      bits |= 4 | (random.oneIn(3) ? 1 : 0)
      let byte = UInt8(code & 0x1F)
      key = byte == 0x1B ? .escape : KeyDecoderPropertyTests.controlKey(byte)
    case 1:
      // A printable ASCII character, a lowercase letter with Shift its capital.
      code = UInt32(0x20 + random.below(0x5F))
      let shifted = random.oneIn(2)
      if shifted { bits |= 1 }
      let isLower = (0x61...0x7A).contains(code)
      key = .character(Character(Unicode.Scalar(UInt8(shifted && isLower ? code - 0x20 : code))))
    case 2:
      // A character past ASCII (not a C1 control, a surrogate or of the Private Use Area).
      let ranges: [ClosedRange<UInt32>] = [0xA0...0xD7FF, 0xF900...0xFFFD, 0x1_0000...0x1_FFFF]
      let range = ranges.randomElement(using: &random)!
      code = UInt32(range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1)))
      key = .character(Character(Unicode.Scalar(code)!))
    case 3:
      let named: [(UInt32, Key)] = [(13, .enter), (9, .tab), (127, .backspace), (8, .backspace), (27, .escape)]
      (code, key) = named.randomElement(using: &random)!
      bits |= random.oneIn(2) ? 4 : 0
    default:
      // No key: the sequence comes out unknown.
      let sequence: String
      switch random.below(5) {
      case 0: sequence = "\u{1B}[\(0x61 + random.below(26));\(1 + (8 | bits))u"  // Super held.
      case 1: sequence = "\u{1B}[27;\(1 + (4 | bits));\(0x30 + random.below(10))~"  // Control and a digit.
      case 2:
        // kitty's function keys, but for the keypad's (57399-57424), which are the keys they stand for.
        let code = 57_344 + random.below(6_400 - 26)
        sequence = "\u{1B}[\(code < 57_399 ? code : code + 26)u"
      case 3: sequence = "\u{1B}[\(0x80 + random.below(32));1u"  // a C1 control.
      default: sequence = "\u{1B}[?\(random.below(32))u"  // kitty's reply to its query.
      }
      return (Array(sequence.utf8), [.unknown(Array(sequence.utf8))])
    }
    if alt { key = .alt(key) }
    let modifiers = 1 + bits
    let form: String
    switch random.below(3) {
    case 0: form = "\u{1B}[27;\(modifiers);\(code)~"
    case 1 where modifiers == 1: form = "\u{1B}[\(code)u"
    default: form = "\u{1B}[\(code);\(modifiers)u"
    }
    return (Array(form.utf8), [key])
  }

  @Test("a key sent with its modifiers as a code point (modifyOtherKeys, CSI u) is the key it is without the mode")
  func modifiedKeys() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.modifiedKey(using: &random)
      }
    }
  }

  @Test("Ctrl-C and Ctrl-Z sent in either form interrupt and suspend")
  func controlKeysInEitherForm() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[99;5u".utf8)) == [.interrupt])
    #expect(decoder.decode(Array("\u{1B}[27;5;99~".utf8)) == [.interrupt])
    #expect(decoder.decode(Array("\u{1B}[122;5u".utf8)) == [.suspend])
    #expect(decoder.decode(Array("\u{1B}[113u".utf8)) == [.character("q")])
  }
}
