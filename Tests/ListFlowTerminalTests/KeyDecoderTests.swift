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
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(decoder.decode(Array("\u{1B}[99Z".utf8)) == [.unknown(Array("\u{1B}[99Z".utf8))])
    #expect(decoder.decode([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
  }

  @Test(
    "keys map to commands",
    arguments: [
      (Key.up, TerminalCommand.moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown),
      (.pageUp, .pageUp), (.pageDown, .pageDown), (.enter, .select), (.character("d"), .delete),
      (.character("r"), .refresh), (.character("q"), .quit), (.interrupt, .quit), (.home, .moveToTop),
    ])
  func commands(key: Key, command: TerminalCommand) {
    #expect(TerminalCommand(key: key) == command)
  }

  @Test("other keys trigger nothing")
  func noCommand() {
    #expect(TerminalCommand(key: .character("x")) == nil)
    #expect(TerminalCommand(key: .left) == nil)
  }
}
