import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Unusual input a terminal may send, among other keys and cut into reads at random places: each comes out as
/// the key or event it stands for, and no byte of it as a key of its own.
@Suite struct InputEdgePropertyTests {
  /// An X10 mouse report at a one-based column and row from 1 to 400, as xterm encodes it: each position plus 32
  /// in a byte, and a NUL for the 224th column or row and any past it (xterm's limit); and its event.
  static func x10Report(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    let code = [0, 1, 2, 3, 64, 65].randomElement(using: &random)!
    let positions = (0..<2).map { _ in
      random.oneIn(2) ? Int.random(in: 220...400, using: &random) : Int.random(in: 1...223, using: &random)
    }
    let bytes = [0x1B, 0x5B, 0x4D, UInt8(32 + code)] + positions.map { $0 >= 224 ? 0 : UInt8($0 + 32) }
    let event = MouseDecodingTests.event(
      code: code, column: min(positions[0], 224) - 1, row: min(positions[1], 224) - 1)
    return (bytes, [.mouse(event)])
  }

  @Test("an X10 report past xterm's limit (a NUL for its column or row) is a mouse event at the limit, no keys")
  func x10PastTheLimit() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.x10Report(using: &random)
      }
    }
  }
}

extension InputEdgePropertyTests {
  @Test("a UTF-8 character cut between reads further apart than the Escape timeout is still that character")
  func slowCutCharacters() {
    let characters: [String] = ["é", "日", "😀", "Ŝ", "\u{9C}", "j", "\u{10FFFF}"]
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      var random = SeededRandom(seed: seed)
      let escapeTimeout = Duration.milliseconds([5, 30, 200].randomElement(using: &random)!)
      var decoder = TimedKeyDecoder(escapeTimeout: escapeTimeout)
      var time = Duration.seconds(1)
      var keys: [Key] = []
      var expected: [Key] = []
      var reads: [[UInt8]] = []
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        // A character, with Alt at times, its bytes cut into reads: each read a random time after the one before,
        // past the Escape timeout but within a second.
        let character = Character(characters.randomElement(using: &random)!)
        let alt = random.oneIn(3)
        var bytes = (alt ? [0x1B] : []) + Array(String(character).utf8)
        expected.append(alt ? .alt(.character(character)) : .character(character))
        while !bytes.isEmpty {
          // An `ESC` alone in a read is an Escape once the timeout passes: the read holds a byte of the character.
          let count = Int.random(in: (bytes.first == 0x1B ? 2 : 1)...bytes.count, using: &random)
          reads.append(Array(bytes.prefix(count)))
          keys += decoder.decode(Array(bytes.prefix(count)), at: time)
          bytes.removeFirst(count)
          time += .milliseconds(Int.random(in: 1...999, using: &random))
          keys += decoder.expire(at: time)
        }
      }
      // A character whose end never comes is U+FFFD once a second passes with no byte; keys follow.
      let cut = random.oneIn(2)
      if cut {
        keys += decoder.decode([0xE6, 0x97], at: time)
        time += max(escapeTimeout, TimedKeyDecoder.pasteTimeout)
        keys += decoder.expire(at: time)
        expected.append(.character("\u{FFFD}"))
      }
      keys += decoder.decode(Array("j".utf8), at: time + .milliseconds(1))
      keys += decoder.finish()
      expected.append(.character("j"))
      #expect(keys == expected, "seed \(seed): reads \(reads)\(cut ? " and a cut character" : "")")
    }
  }

  @Test("a byte that is no continuation ends a cut UTF-8 character at once: one U+FFFD, then the byte's own key")
  func brokenCharacters() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 200, deep: 5_000) {
      var random = SeededRandom(seed: seed)
      // A lead byte, 0 to 2 continuation bytes short of its character, and a byte of ASCII.
      let lead: UInt8 = [0xC3, 0xE6, 0xF0].randomElement(using: &random)!
      let continuations = (0..<random.below(lead == 0xC3 ? 1 : lead == 0xE6 ? 2 : 3)).map { _ in
        UInt8.random(in: 0x90...0xBF, using: &random)
      }
      let after = UInt8.random(in: 0x20...0x7E, using: &random)
      var decoder = TimedKeyDecoder(escapeTimeout: .milliseconds(30))
      let keys = decoder.decode([lead] + continuations + [after], at: .seconds(1))
      let expected = [Key.character("\u{FFFD}"), .character(Character(Unicode.Scalar(after)))]
      #expect(keys == expected, "seed \(seed): \([lead] + continuations + [after])")
      #expect(decoder.deadline == nil, "seed \(seed)")
    }
  }
}

extension InputEdgePropertyTests {
  @Test("a string whose end never comes ends once no byte came for a second: the keys typed after it are keys")
  func unendedStrings() {
    let typed: [(bytes: [UInt8], key: Key)] = [
      (Array("q".utf8), .character("q")), ([0x03], .interrupt), (Array("日".utf8), .character("日")),
      (Array("\u{1B}[A".utf8), .up), ([0x0D], .enter), (Array("j".utf8), .character("j")),
    ]
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 200, deep: 5_000) {
      var random = SeededRandom(seed: seed)
      let escapeTimeout = Duration.milliseconds([5, 30, 1_500].randomElement(using: &random)!)
      let wait = max(escapeTimeout, TimedKeyDecoder.pasteTimeout)
      var decoder = TimedKeyDecoder(escapeTimeout: escapeTimeout)
      // An OSC, DCS, APC, PM or SOS string that never ends: text with no BEL, CAN, SUB, ESC or 8-bit ST.
      let introducer = Array("]P_^X".utf8).randomElement(using: &random)!
      let text = (0..<random.below(40)).flatMap { _ in
        Array(["0", ";", "t", "é", "日", "\t", "\r"].randomElement(using: &random)!.utf8)
      }
      var rest = [0x1B, introducer] + text + [UInt8(ascii: "x")]
      var time = Duration.seconds(1)
      var keys: [Key] = []
      // Its bytes in reads less than the wait apart (an `ESC` alone would be an Escape): the string stays open.
      while !rest.isEmpty {
        let count = Int.random(in: (rest.count > 2 && rest[0] == 0x1B ? 3 : 1)...rest.count, using: &random)
        keys += decoder.decode(Array(rest.prefix(count)), at: time)
        rest.removeFirst(count)
        time += wait * Double(random.below(100)) / 101
      }
      time += wait
      keys += decoder.expire(at: time)
      // Keys typed after it, each in a read of its own, past the Escape timeout.
      var expected: [Key] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let key = typed.randomElement(using: &random)!
        keys += decoder.decode(key.bytes, at: time)
        expected.append(key.key)
        time += escapeTimeout + .milliseconds(1)
        keys += decoder.expire(at: time)
      }
      keys += decoder.finish()
      #expect(keys == expected, "seed \(seed): string \([0x1B, introducer] + text)")
    }
  }
}

extension InputEdgePropertyTests {
  /// An arrow, Home or End as `CSI` or `SS3` with parameters (digits and `;`, at times after xterm's `>`), and at
  /// times a byte no key's parameters hold put among them: an intermediate byte (a sign, a space, `$`), a private
  /// marker `<`, `=` or `?`, or a `:`. With it, the sequence is one unknown key (but for a `:` that makes kitty's
  /// event type, see ``kittyEvent(_:)``); without, the key.
  static func modifiedKey(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    let finals: [(UInt8, Key)] = [
      (0x41, .up), (0x42, .down), (0x43, .right), (0x44, .left), (0x48, .home), (0x46, .end),
    ]
    let (final, key) = finals.randomElement(using: &random)!
    let csi = !random.oneIn(4)
    var parameters = (0..<random.below(6)).map { _ in
      random.oneIn(3) ? UInt8(ascii: ";") : UInt8(ascii: "0") + UInt8(random.below(10))
    }
    if csi, random.oneIn(4) { parameters.insert(UInt8(ascii: ">"), at: 0) }
    let foreign = random.oneIn(4) ? nil : Array(" !$+-/<=?:".utf8).randomElement(using: &random)!
    // In SS3, only parameter bytes (0x30–0x3F) are read with the sequence: an intermediate byte ends it.
    if let foreign, csi || foreign >= 0x30 {
      parameters.insert(foreign, at: random.below(parameters.count + 1))
      let bytes = [0x1B, csi ? 0x5B : 0x4F] + parameters + [final]
      // Unless the `:` made kitty's event type after the modifier (`CSI 1 ; 5 : 2 A`): a press or a repeat is the
      // key, a release none.
      if csi, let event = Self.kittyEvent(parameters) { return (bytes, event == 3 ? [] : [key]) }
      return (bytes, [.unknown(bytes)])
    }
    return ([0x1B, csi ? 0x5B : 0x4F] + parameters + [final], [key])
  }

  /// The event type of parameters in kitty's form with one (nothing or a number, `;`, a modifier from 1, `:`, an
  /// event type from 1 to 3), or `nil` for other parameters.
  static func kittyEvent(_ parameters: [UInt8]) -> Int? {
    let fields = String(decoding: parameters, as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
    guard fields.count == 2, fields[0].isEmpty || Int(fields[0]) != nil else { return nil }
    let modifier = fields[1].split(separator: ":", omittingEmptySubsequences: false)
    guard modifier.count == 2, let bits = Int(modifier[0]), bits >= 1, let event = Int(modifier[1]),
      (1...3).contains(event)
    else { return nil }
    return event
  }

  @Test("an arrow, Home or End whose parameters hold a sign, an intermediate or a private marker is unknown")
  func foreignParameters() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.modifiedKey(using: &random)
      }
    }
  }
}

extension InputEdgePropertyTests {
  /// The control bytes a string never holds (all but `BEL`, `BS`, `HT`, `LF`, `VT`, `FF`, `CR`, `CAN`, `SUB` and
  /// `ESC`), Ctrl-C and Ctrl-D among them.
  static let foreignControls = (0x00...0x1F).map(UInt8.init).filter {
    !(0x07...0x0D).contains($0) && ![0x18, 0x1A, 0x1B].contains($0)
  }

  /// An OSC, DCS, APC, PM or SOS string that holds control bytes no string holds (keys typed while it was open),
  /// ended by `BEL`, `ST` or the 8-bit ST: the keys of those bytes, and nothing of the string.
  /// With `cancelled`, `CAN` (Ctrl-X) or `SUB` (Ctrl-Z) ends it instead, and is a key too.
  static func stringWithTypedControls(
    using random: inout SeededRandom, cancelled: Bool = false
  ) -> (bytes: [UInt8], keys: [Key]) {
    let introducer = Array("]P_^X".utf8).randomElement(using: &random)!
    var bytes: [UInt8] = [0x1B, introducer]
    var keys: [Key] = []
    for _ in 0..<Int.random(in: 1...8, using: &random) {
      if random.oneIn(2) {
        let control = random.oneIn(2) ? 0x03 : Self.foreignControls.randomElement(using: &random)!
        bytes.append(control)
        keys.append(KeyDecoderPropertyTests.controlKey(control))
      } else {
        bytes += Array(["0;", "q", "日", "Ŝ", "\r", "\t", "[A"].randomElement(using: &random)!.utf8)
      }
    }
    if cancelled {
      let control: UInt8 = random.oneIn(2) ? 0x18 : 0x1A
      return (bytes + [control], keys + [KeyDecoderPropertyTests.controlKey(control)])
    }
    bytes += [[0x07], [0x1B, 0x5C], [0x9C]].randomElement(using: &random)!
    return (bytes, keys)
  }

  @Test("a control byte no string holds, inside a string, is a key typed meanwhile: its key, and the string goes on")
  func controlsInStrings() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.stringWithTypedControls(using: &random)
      }
    }
  }

  @Test("Ctrl-X or Ctrl-Z cancels a string and is a key too: Ctrl-Z pressed in a string left open still suspends")
  func cancelledStrings() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.stringWithTypedControls(using: &random, cancelled: true)
      }
    }
  }
}

extension InputEdgePropertyTests {
  /// A string's introducer typed as an Alt key (Alt+], Alt+Shift+P…) and right after it, in the same read or the
  /// next, a key that starts with an `ESC` that is no ST: no string is empty but one ended by ST, so both are
  /// keys.
  static func typedIntroducer(using random: inout SeededRandom) -> (bytes: [UInt8], keys: [Key]) {
    let introducer = Array("]P_^X".utf8).randomElement(using: &random)!
    // The last one is Alt+] again, then Alt+x.
    let next: [(bytes: [UInt8], keys: [Key])] = [
      (Array("\u{1B}[A".utf8), [.up]), (Array("\u{1B}OB".utf8), [.down]),
      (Array("\u{1B}x".utf8), [.alt(.character("x"))]),
      (Array("\u{1B}]\u{1B}x".utf8), [.alt(.character("]")), .alt(.character("x"))]),
    ]
    let (bytes, keys) = next.randomElement(using: &random)!
    return ([0x1B, introducer] + bytes, [.alt(.character(Character(Unicode.Scalar(introducer))))] + keys)
  }

  @Test("a string's introducer right before an ESC that starts no ST is its Alt key, never dropped")
  func introducerBeforeAKey() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        Self.typedIntroducer(using: &random)
      }
    }
  }
}

extension InputEdgePropertyTests {
  @Test("DEL inside a string is Backspace typed meanwhile: its key, and the string goes on")
  func deleteInStrings() {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 300, deep: 10_000) {
      KeyDecoderPropertyTests.expectDecodedAmongKeys(seed: seed, oneIn: 2) { random in
        // A string of text and DEL bytes, ended by `BEL`, ST or the 8-bit ST.
        var bytes: [UInt8] = [0x1B, Array("]P_^X".utf8).randomElement(using: &random)!]
        var keys: [Key] = []
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          if random.oneIn(2) {
            bytes.append(0x7F)
            keys.append(.backspace)
          } else {
            bytes += Array(["0;", "q", "日", "Ŝ", "\r", "[A"].randomElement(using: &random)!.utf8)
          }
        }
        return (bytes + [[0x07], [0x1B, 0x5C], [0x9C]].randomElement(using: &random)!, keys)
      }
    }
  }
}
