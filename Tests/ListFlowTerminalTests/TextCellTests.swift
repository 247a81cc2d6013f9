import ListFlowTerminal
import Testing

@testable import ListFlow

@MainActor
@Suite struct TextCellTests {
  struct Song: Equatable, Sendable, Titled, Subtitled, Imaged, Fonted, Colored {
    var title: String? = "Song\u{1B}[2J"
    var subtitle: String? = "Artist"
    var image: ListImage? = ListImage(name: "note", text: "♪")
    var font: ListFont? = ListFont(weight: .bold, isItalic: true)
    var color: ListColor? = .rgb(red: 255, green: 0, blue: 0)
  }

  @Test("every capability configures the cell: title, subtitle, icon, font and color")
  func capabilitiesConfigure() {
    let cell = TextCell()
    let applied = ListCapabilities.capabilities(in: ListCapabilities.configure(cell, with: Song()))
    #expect(Set(applied) == [.title, .subtitle, .image, .font, .color])
    #expect(cell.title == "Song\u{1B}[2J")
    #expect(cell.icon == "♪")
    #expect(cell.titleStyle == TextStyle(isBold: true, isItalic: true, foreground: .indexed(196)))
    let line = cell.line(width: 30)
    #expect(line.text == "♪ Song␛[2J  Artist")
    #expect(cell.plainText == "♪  Song␛[2J  Artist")
  }

  @Test("the accessory sits against the right edge and the subtitle is cut first")
  func layout() {
    let cell = TextCell()
    cell.title = "Title"
    cell.subtitle = "a long subtitle"
    cell.accessory = "42"
    #expect(cell.line(width: 20).text == "Title  a long su⋯ 42")
    #expect(cell.line(width: 20).width == 20)
    #expect(cell.line(width: 8).text == "Titl⋯ 42")
  }

  @Test("styles for TextCell change only the look, and compose")
  func styles() {
    let cell = TextCell()
    (ListItemStyle<TextCell>.bold + .foreground(.blue) + .accessory(.cyan)).apply(to: cell)
    #expect(cell.titleStyle == TextStyle(isBold: true, foreground: .blue))
    #expect(cell.accessoryStyle.foreground == .cyan)
    #expect(cell.title.isEmpty)
    #expect(TextCell().titleStyle == .plain)
    #expect(TextCell().subtitleStyle == .dim)
  }

  @Test(
    "named colors map to the first palette entries and rgb to the color cube",
    arguments: [
      (ListColor.red, 1), (.gray, 8), (.rgb(red: 0, green: 0, blue: 0), 16),
      (.rgb(red: 255, green: 255, blue: 255), 231),
      (.rgb(red: 0, green: 128, blue: 255), 16 + 6 * 3 + 5),
    ] as [(ListColor, Int)])
  func colors(color: ListColor, index: Int) {
    #expect(TerminalColor(color).index == UInt8(index))
  }
}
