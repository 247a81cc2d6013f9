import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Mouse reports in the key stream: SGR and X10 encodings decode to `MouseEvent`s, and generated bursts of
/// mouse reports and keys give the same events for every split into reads.
@Suite struct MouseDecodingTests {
  @Test("SGR reports decode to presses, releases, drags, wheel turns and modifiers, zero-based")
  func sgr() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(
      Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<64;1;1M\u{1B}[<65;80;24M\u{1B}[<34;2;2M\u{1B}[<18;7;9M".utf8))
    #expect(
      keys == [
        .mouse(MouseEvent(kind: .press(.left), column: 4, row: 2)),
        .mouse(MouseEvent(kind: .release(.left), column: 4, row: 2)),
        .mouse(MouseEvent(kind: .wheelUp, column: 0, row: 0)),
        .mouse(MouseEvent(kind: .wheelDown, column: 79, row: 23)),
        .mouse(MouseEvent(kind: .drag(.right), column: 1, row: 1)),
        .mouse(MouseEvent(kind: .press(.right), column: 6, row: 8, modifiers: .control)),
      ])
  }

  @Test("X10 reports (CSI M and three bytes) decode too, so their bytes never arrive as keys")
  func x10() {
    var decoder = KeyDecoder()
    let keys = decoder.decode([0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2, 0x1B, 0x5B, 0x4D, 35, 40, 40, 0x6A])
    #expect(
      keys == [
        .mouse(MouseEvent(kind: .press(.left), column: 4, row: 2)),
        .mouse(MouseEvent(kind: .release(nil), column: 7, row: 7)), .character("j"),
      ])
  }

  @Test("malformed SGR reports come out as unknown keys, never as mouse events or traps")
  func malformed() {
    var decoder = KeyDecoder()
    for report in ["\u{1B}[<0;5M", "\u{1B}[<0;1;1;1M", "\u{1B}[<-1;1;1M", "\u{1B}[<;;M"] {
      let keys = decoder.decode(Array(report.utf8))
      #expect(keys.count == 1, "\(report.debugDescription)")
      if case .unknown = keys.first {} else { Issue.record("\(report.debugDescription) gave \(keys)") }
    }
  }

  /// A piece of a burst.
  enum BurstPiece { case sgr, x10, key }

  /// The pieces of a burst, by weight.
  static let burstPieces = WeightedChoice<BurstPiece>([
    ("an SGR mouse report", weight: 1, .sgr),
    ("an X10 mouse report", weight: 1, .x10),
    ("a key", weight: 2, .key),
  ])

  @Test("generated bursts of mouse reports and keys decode to the same events for every split into reads")
  func everySplit() {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    let keys = ["j", "\u{1B}[A", "\u{1B}[6~", "日", "\r", "\u{1B}x", "q"]
    for round in 0..<60 {
      var burst: [UInt8] = []
      var expected: [Key] = []
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        let column = Int.random(in: 1...300, using: &random)
        let row = Int.random(in: 1...200, using: &random)
        switch Self.burstPieces.pick(using: &random).value {
        case .sgr:
          let code = [0, 1, 2, 32, 64, 65, 4, 8, 16].randomElement(using: &random)!
          let release = Bool.random(using: &random)
          burst += Array("\u{1B}[<\(code);\(column);\(row)\(release ? "m" : "M")".utf8)
          var decoder = KeyDecoder()
          expected += decoder.decode(Array("\u{1B}[<\(code);\(column);\(row)\(release ? "m" : "M")".utf8))
        case .x10:
          let code = [0, 1, 2, 3, 64, 65].randomElement(using: &random)!
          let x10 = [0x1B, 0x5B, 0x4D, UInt8(32 + code), UInt8(32 + min(column, 200)), UInt8(32 + min(row, 200))]
          burst += x10
          expected.append(.mouse(Self.event(code: code, column: min(column, 200) - 1, row: min(row, 200) - 1)))
        case .key:
          let key = keys.randomElement(using: &random)!
          burst += Array(key.utf8)
          var decoder = KeyDecoder()
          expected += decoder.decode(Array(key.utf8)) + decoder.flush()
        }
      }
      var whole = KeyDecoder()
      let decoded = whole.decode(burst) + whole.flush()
      #expect(decoded == expected, "seed \(seed) round \(round)")
      for first in 0...burst.count {
        for second in first...burst.count {
          var decoder = KeyDecoder()
          var split = decoder.decode(Array(burst[..<first]))
          split += decoder.decode(Array(burst[first..<second]))
          split += decoder.decode(Array(burst[second...]))
          split += decoder.flush()
          #expect(split == decoded, "seed \(seed) round \(round): split at \(first), \(second)")
          if split != decoded { return }
        }
      }
    }
  }

  /// The event an X10 code names, by the encoding's rules, written out independently of the decoder.
  static func event(code: Int, column: Int, row: Int) -> MouseEvent {
    let kind: MouseEvent.Kind =
      switch code {
      case 0: .press(.left)
      case 1: .press(.middle)
      case 2: .press(.right)
      case 3: .release(nil)
      case 64: .wheelUp
      default: .wheelDown
      }
    return MouseEvent(kind: kind, column: column, row: row)
  }
}
