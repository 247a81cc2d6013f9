import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Every button code a terminal may report, in the SGR and X10 encodings, decodes to the button xterm numbers it
/// as: the extra buttons 8 to 11 (Back, Forward…), and codes with higher bits, are `other`, never the left,
/// middle or right button, and so never move the cursor or choose a row.
@MainActor
@Suite struct MouseButtonPropertyTests {
  /// What xterm's button code means, worked out from its button number (bits 0–1, plus 4 for bit 6, plus 8 for
  /// bit 7) and its motion bit (5): buttons 0–2 are left, middle and right; 3 is a release in X10 (a move with
  /// no button when the motion bit is set); 4 and 5 the wheel; any other number a button the decoder does not name.
  static func expectedKind(code: Int, isRelease: Bool) -> MouseEvent.Kind {
    // Bits above 7 name no button xterm reports.
    guard code < 256 else { return .other(code) }
    let number = (code & 0b11) + (code & 64 != 0 ? 4 : 0) + (code & 128 != 0 ? 8 : 0)
    let moves = code & 32 != 0
    switch number {
    case 0, 1, 2:
      let button = [MouseEvent.Button.left, .middle, .right][number]
      return isRelease ? .release(button) : moves ? .drag(button) : .press(button)
    case 3: return moves ? .other(code) : .release(nil)
    case 4: return .wheelUp
    case 5: return .wheelDown
    default: return .other(code)
    }
  }

  @Test("every button code decodes, in SGR and X10, to the button xterm numbers it as (higher codes to other)")
  func codesDecodeToTheirButtons() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 300, deep: 20_000) {
      var random = SeededRandom(seed: seed)
      let code = random.oneIn(10) ? random.below(1 << 20) : random.below(256)
      let column = 1 + random.below(200)
      let row = 1 + random.below(200)
      let isRelease = random.oneIn(3)
      let expected = MouseEvent(
        kind: Self.expectedKind(code: code, isRelease: isRelease), column: column - 1, row: row - 1,
        modifiers: MouseEvent.Modifiers(rawValue: (code >> 2) & 0b111))
      var decoder = KeyDecoder()
      let sgr = decoder.decode(Array("\u{1B}[<\(code);\(column);\(row)\(isRelease ? "m" : "M")".utf8))
      if sgr != [.mouse(expected)] {
        issues += 1
        Issue.record("seed \(seed): SGR code \(code) gave \(sgr), expected \(expected)")
      }
      // X10 carries each value plus 32 in one byte, and no release of a named button.
      if !isRelease, code + 32 < 256, column + 32 < 256, row + 32 < 256 {
        let x10 = decoder.decode([0x1B, 0x5B, 0x4D, UInt8(code + 32), UInt8(column + 32), UInt8(row + 32)])
        if x10 != [.mouse(expected)] {
          issues += 1
          Issue.record("seed \(seed): X10 code \(code) gave \(x10), expected \(expected)")
        }
      }
    }
    #expect(issues == 0)
  }

  @Test("a report of an extra button (8 to 11) on a row neither moves the cursor nor chooses the row")
  func extraButtonsDoNothing() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 40, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let size = TerminalSize(columns: 20, rows: 8)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(size))
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      dataSource.show([.init(id: 0, rows: (0..<4).map { .init(id: $0, title: "row \($0)") })])
      view.handle(.down)
      _ = dataSource.takeEvents()
      let before = view.selectedRow
      // Buttons 8 to 11, with any modifiers, pressed, dragged or released, on any line of the list.
      let code = 128 + random.below(4) + (random.below(8) << 2) + (random.oneIn(3) ? 32 : 0)
      let line = 1 + random.below(size.rows - 2)
      var decoder = KeyDecoder()
      let keys = decoder.decode(Array("\u{1B}[<\(code);3;\(line + 1)\(random.oneIn(3) ? "m" : "M")".utf8))
      for key in keys { view.handle(key) }
      let events = dataSource.takeEvents()
      if view.selectedRow != before || !events.isEmpty {
        issues += 1
        let cursor = String(describing: view.selectedRow)
        Issue.record("seed \(seed): code \(code) on line \(line) moved the cursor to \(cursor), events \(events)")
      }
    }
    #expect(issues == 0)
  }
}
