import ListFlowTerminal
import Testing

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

  @Test("an endless control sequence is cut at the bound and reported; nothing more is kept pending")
  func boundedPending() {
    var decoder = KeyDecoder()
    let endless = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 1_000)
    var keys: [Key] = []
    for byte in endless {
      keys += decoder.decode([byte])
    }
    keys += decoder.flush()
    let longest = keys.map { key -> Int in
      if case .unknown(let bytes) = key { return bytes.count }
      return 1
    }.max()
    #expect(longest == KeyDecoder.maximumSequenceLength)
    #expect(keys.count > 1_000 / KeyDecoder.maximumSequenceLength)
  }

  @Test("a burst gives the same keys for every split into two or three reads", .timeLimit(.minutes(5)))
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
}
