import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

@Suite struct KeyDecoderTests {
  @Test("escape sequences, control bytes and text decode to keys")
  func decodesKeys() {
    var decoder = KeyDecoder()
    let bytes: [UInt8] = Array("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~jk\r\u{03}dq日".utf8)
    #expect(
      decoder.decode(bytes) == [
        .up, .down, .up, .pageUp, .pageDown, .home, .end, .character("j"), .character("k"), .enter, .interrupt,
        .character("d"), .character("q"), .character("日"),
      ])
  }

  @Test("a sequence cut between two reads is completed by the next read")
  func splitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, 0x5B]) == [])
    #expect(decoder.decode([0x36, 0x7E, 0x6A]) == [.pageDown, .character("j")])
    #expect(decoder.decode([0xE6, 0x97]) == [])
    #expect(decoder.decode([0xA5]) == [.character("日")])
  }

  @Test("a lone escape, unknown sequences and invalid bytes are reported, never dropped")
  func unknownInput() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode(Array("\u{1B}[99Z".utf8)) == [.unknown(Array("\u{1B}[99Z".utf8))])
    #expect(decoder.decode([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
  }

  @Test("a lone escape at the end of a read waits for the next read; Ctrl-Z is the suspend key")
  func escapeWaits() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x6A, 0x1B]) == [.character("j")])
    #expect(decoder.decode([0x5B, 0x41]) == [.up])
    #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode([0x1A]) == [.suspend])
    #expect(KeyMap.standard.command(for: .suspend) == nil)
  }

  @Test("an endless control sequence is cut at the bound and reported once; the rest is dropped, not kept")
  func boundedPending() {
    var decoder = KeyDecoder()
    let endless = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 1_000)
    var keys: [Key] = []
    for byte in endless {
      keys += decoder.decode([byte])
    }
    keys += decoder.flush()
    #expect(keys == [.unknown(Array(endless.prefix(KeyDecoder.maximumSequenceLength)))])
    // Once flushed (the input paused), what follows is keys again.
    #expect(decoder.decode(Array("1j".utf8)) == [.character("1"), .character("j")])
  }

  @Test("a burst gives the same keys for every split into two or three reads", .timeLimit(.minutes(60)))
  func everySplit() {
    let burst: [UInt8] =
      Array(
        "j\u{1B}[A\u{1B}OB\u{1B}[5~k\u{1B}\u{1B}[6~日本\r\u{03}\u{1B}x\u{1B}[1;5C\u{FF}é\u{1B}[200~q\u{1B}".utf8)
      + [0xE6, 0x97, 0x41, 0x1B, 0x4F]
    var whole = KeyDecoder()
    let expected = whole.decode(burst) + whole.flush()
    for first in 0...burst.count {
      for second in first...burst.count {
        var decoder = KeyDecoder()
        var keys = decoder.decode(Array(burst[..<first]))
        keys += decoder.decode(Array(burst[first..<second]))
        keys += decoder.decode(Array(burst[second...]))
        keys += decoder.flush()
        #expect(keys == expected, "split at \(first), \(second)")
        if keys != expected { return }
      }
    }
  }

  @Test(
    "keys map to commands",
    arguments: [
      (Key.up, TerminalCommand.moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown),
      (.pageUp, .pageUp), (.pageDown, .pageDown), (.enter, .select), (.character("d"), .delete),
      (.character("r"), .refresh), (.character("q"), .quit), (.interrupt, .quit), (.home, .moveToTop),
    ])
  func commands(key: Key, command: TerminalCommand) {
    #expect(KeyMap.standard.command(for: key) == command)
  }

  @Test("other keys trigger nothing")
  func noCommand() {
    #expect(KeyMap.standard.command(for: .character("x")) == nil)
    #expect(KeyMap.standard.command(for: .tab) == nil)
    #expect(KeyMap.standard.command(for: .left) == .collapse)
    #expect(KeyMap.standard.command(for: .right) == .expand)
  }

  /// What is wrong with decoding `pieces` cut into reads drawn from `readSeed`; `nil` when the keys are the
  /// pieces' letters, Alt keys and pastes, and nothing else.
  static func decodingProblem(_ pieces: [HostileInput.Piece], readSeed: UInt64) -> String? {
    var random = SeededRandom(seed: readSeed)
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for read in HostileInput.reads(of: HostileInput(pieces: pieces).bytes, using: &random) {
      keys += decoder.decode(read)
    }
    keys += decoder.flush()
    let expected = pieces.flatMap { piece -> [Key] in
      switch piece {
      case .typed(let text): text.map { Key.character($0) }
      case .alt(let character): [.alt(.character(character))]
      case .string: []
      case .paste(let text): [.paste(text)]
      }
    }
    return keys == expected ? nil : "decoded \(keys), expected \(expected)"
  }

  @Test("decoded, the same input gives its letters, its Alt keys and each paste whole, and nothing else")
  func decoderKeepsPastesWhole() async {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 1)
    for round in 0..<500 {
      let input = HostileInput.random(using: &random, maximumPieces: 20)
      let readSeed = random.next()
      guard let problem = Self.decodingProblem(input.pieces, readSeed: readSeed) else { continue }
      // The shortest failing input, cut with the same seed for its reads.
      let shortest = await shortestFailing(input.pieces) { Self.decodingProblem($0, readSeed: readSeed) != nil }
      Issue.record(
        """
        seed \(terminalFuzzSeed) round \(round): \(problem)
        from \(input.pieces)
        shortest failing input, \(shortest.count) of \(input.pieces.count) pieces: \(shortest)
        """)
      return
    }
  }

  @Test("a KeyMap gives no Alt key a command unless a binding lists it")
  func altKeysAreUnbound() {
    for character in "qdjkgGbhl/? rx" {
      #expect(KeyMap.standard.command(for: .alt(.character(character))) == nil)
    }
    #expect(KeyMap.standard.command(for: .alt(.enter)) == nil)
    #expect(KeyMap.standard.command(for: .paste("q")) == nil)
    var keys = KeyMap.standard
    keys.bindings.append(KeyBinding([.alt(.character("q"))], .quit))
    #expect(keys.command(for: .alt(.character("q"))) == .quit)
    #expect(KeyBinding.name(of: .alt(.character("q"))) == "alt-q")
  }

  @Test("ESC and a key is Alt and the key; ESC ESC is Escape; ESC and a control is Escape, then the control")
  func altKeys() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Array("\u{1B}q\u{1B}日\u{1B}\r\u{1B}\u{7F}".utf8)) == [
        .alt(.character("q")), .alt(.character("日")), .alt(.enter), .alt(.backspace),
      ])
    #expect(decoder.decode([0x1B, 0x1B, 0x71]) == [.escape, .alt(.character("q"))])
    #expect(decoder.decode([0x1B, 0x03]) == [.escape, .interrupt])
    #expect(decoder.decode([0x1B, 0x4F]) == [])
    #expect(decoder.flush() == [.alt(.character("O"))])
  }

  @Test("strings are dropped to their end: BEL, ESC \\, the 8-bit ST outside a UTF-8 character, CAN, SUB, ESC")
  func stringsAreDropped() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}]0;dq\u{07}j".utf8)) == [.character("j")])
    #expect(decoder.decode(Array("\u{1B}Pq\u{1B}\\k".utf8)) == [.character("k")])
    // `Ŝ` is C5 9C: its 0x9C is text; the lone 0x9C after it is ST.
    #expect(decoder.decode(Array("\u{1B}_Ŝd".utf8) + [0x9C] + Array("l".utf8)) == [.character("l")])
    #expect(decoder.decode(Array("\u{1B}^d\u{18}h".utf8)) == [.unknown([0x18]), .character("h")])
    #expect(decoder.decode(Array("\u{1B}Xd".utf8)) == [])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.decode(Array("\u{1B}".utf8)) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.decode(Array("[A".utf8)) == [.up])
    #expect(decoder.decode(Array("\u{1B}]".utf8) + [UInt8](repeating: 0x64, count: 100_000)) == [])
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
  }

  @Test("a bracketed paste is one paste key, escape bytes included; a long one comes in whole characters")
  func pastes() {
    var decoder = KeyDecoder()
    #expect(
      decoder.decode(Array("\u{1B}[200~q\u{1B}[A\r\u{1B}[201~j".utf8)) == [.paste("q\u{1B}[A\r"), .character("j")])
    #expect(decoder.decode(Array("\u{1B}[201~".utf8)) == [])
    let long = String(repeating: "日a\u{301}", count: 20_000)
    var keys = decoder.decode(Array(("\u{1B}[200~" + long).utf8))
    keys += decoder.decode(Array("\u{1B}[201".utf8))
    keys += decoder.decode(Array("~".utf8))
    let pieces = keys.compactMap { key -> String? in
      if case .paste(let text) = key { return text }
      return nil
    }
    #expect(pieces.count == keys.count && pieces.count > 1)
    #expect(pieces.joined() == long)
  }

  @Test("an ESC at the end of a read is Escape once the timeout passes with no byte, and not before")
  func escapeTimeout() {
    var decoder = TimedKeyDecoder(escapeTimeout: .milliseconds(30))
    #expect(decoder.decode([0x6A, 0x1B], at: .milliseconds(100)) == [.character("j")])
    #expect(decoder.deadline == .milliseconds(130))
    #expect(decoder.expire(at: .milliseconds(129)) == [])
    #expect(decoder.decode([0x71], at: .milliseconds(129)) == [.alt(.character("q"))])
    #expect(decoder.deadline == nil)
    #expect(decoder.decode([0x1B], at: .milliseconds(200)) == [])
    #expect(decoder.expire(at: .milliseconds(230)) == [.escape])
    // A read that comes after the deadline, before a late timer: the ESC was an Escape.
    #expect(decoder.decode([0x1B], at: .milliseconds(300)) == [])
    #expect(decoder.decode([0x71], at: .milliseconds(331)) == [.escape, .character("q")])
    // An open string waits for its end as a paste does, up to a second with no byte (see `unendedStrings`).
    #expect(decoder.decode(Array("\u{1B}]0;".utf8), at: .milliseconds(400)) == [])
    #expect(decoder.deadline == .milliseconds(400) + TimedKeyDecoder.pasteTimeout)
    #expect(decoder.decode(Array("d\u{07}".utf8), at: .milliseconds(1_399)) == [])
    #expect(decoder.deadline == nil)
    #expect(TimedKeyDecoder(escapeTimeout: .milliseconds(-5)).escapeTimeout == .zero)
  }

  @Test("a timer waits any escape timeout's nanoseconds, at most an hour at a time, and never traps")
  func timerNanoseconds() {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 11)
    let ends: [Duration] = [.seconds(Int64.max), .seconds(Int64.min), .seconds(86_400 * 365 * 300), .zero]
    for round in 0..<1_000 {
      let wait =
        round < ends.count
        ? ends[round] : .nanoseconds(Int64(bitPattern: random.next()) >> Int64(random.next() % 64))
      let nanoseconds = TerminalSession.timerNanoseconds(wait)
      let hour = 3_600_000_000_000
      if wait <= .zero {
        #expect(nanoseconds == 0, "\(wait)")
      } else if wait >= .nanoseconds(hour) {
        #expect(nanoseconds == hour, "\(wait)")
      } else {
        #expect(Duration.nanoseconds(nanoseconds) == wait, "\(wait)")
      }
    }
  }

  @Test("a paste whose end never comes ends once no byte came for a second: what it held is one paste, keys follow")
  func unendedPastes() {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 7)
    let alphabet = Array("ab日\u{1B}[201\u{3}q\r~".utf8)
    for round in 0..<DeepPass.cases(quick: 300, deep: 3_000) {
      // An escape timeout below, at or above the paste timeout.
      let escapeTimeout = Duration.milliseconds([30, 1_000, 4_000][Int(random.next() % 3)])
      let wait = max(escapeTimeout, TimedKeyDecoder.pasteTimeout)
      var decoder = TimedKeyDecoder(escapeTimeout: escapeTimeout)
      // The paste's text, never holding its end marker; at times a cut end marker ends it.
      var text = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
      while let range = text.firstRange(of: Array("\u{1B}[201~".utf8)) { text.removeSubrange(range) }
      if random.next() % 3 == 0 { text += Array("\u{1B}[20".utf8).prefix(1 + Int(random.next() % 4)) }
      let after = Array("q\u{3}j".utf8)
      var keys: [Key] = []
      var time = Duration.seconds(10)
      keys += decoder.decode(Array("\u{1B}[200~".utf8), at: time)
      // The text in reads less than the wait apart: the paste stays open.
      var rest = text[...]
      while !rest.isEmpty {
        let count = 1 + Int(random.next() % UInt64(rest.count))
        time += wait * Double(random.next() % 100) / 101
        keys += decoder.decode(Array(rest.prefix(count)), at: time)
        rest = rest.dropFirst(count)
        #expect(keys.allSatisfy { if case .paste = $0 { true } else { false } }, "round \(round): \(keys)")
      }
      time += wait
      keys += decoder.expire(at: time)
      keys += decoder.decode(after, at: time + .milliseconds(1))
      let pasted = keys.prefix { if case .paste = $0 { true } else { false } }
      let text2 = pasted.map { key -> String in
        if case .paste(let piece) = key { return piece }
        return ""
      }.joined()
      let context = "round \(round): \(text) gave \(keys)"
      #expect(text2 == String(decoding: text, as: UTF8.self), "\(context)")
      #expect(Array(keys.dropFirst(pasted.count)) == [.character("q"), .interrupt, .character("j")], "\(context)")
      #expect(decoder.deadline == nil, "\(context)")
    }
  }
}
