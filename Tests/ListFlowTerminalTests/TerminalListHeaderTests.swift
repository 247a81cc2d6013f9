import ListFlow
import ListFlowTerminal
import ListFlowTesting
import Testing

/// A plain cell that shows a string.
final class LabelCell: BindableCell {
  var text = ""
  func bind(_ value: String) { text = value }
  var textRepresentation: String { text }
}

@MainActor
@Suite("The terminal host pins the list's own header and footer around the rows")
struct TerminalListHeaderTests {
  static let size = TerminalSize(columns: 20, rows: 7)

  @Test("the list header sits under the title bar, the footer above the status bar, and the rows scroll between")
  func headerAndFooterLines() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size), title: "T")
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply((1...6).map { LabelCell.makeBinder(value: "row \($0)", id: $0) })
    engine.listHeader = LabelCell.makeBinder(value: "TOP", id: "top")
    engine.listFooter = LabelCell.makeBinder(value: "BOTTOM", id: "bottom")
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    screen.feed(output.takeText())
    let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines.prefix(6)) == ["T", "TOP", "▸ row 1", "  row 2", "  row 3", "BOTTOM"])
    #expect(screen.cells[1][0].attributes.bold)
    #expect(screen.cells[5][0].attributes.dim)
    #expect(view.visibleRows.count == 3)
    engine.listHeader = nil
    engine.listFooter = nil
    screen.feed(output.takeText())
    let after = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(after.prefix(6)) == ["T", "▸ row 1", "  row 2", "  row 3", "  row 4", "  row 5"])
  }

  @Test("a click finds its row under the list header; clicks on the header or footer do nothing")
  func clickUnderTheHeader() async throws {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(Self.size), title: "T")
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply((1...6).map { LabelCell.makeBinder(value: "row \($0)", id: $0) })
    engine.listHeader = LabelCell.makeBinder(value: "TOP", id: "top")
    engine.listFooter = LabelCell.makeBinder(value: "BOTTOM", id: "bottom")
    view.handle(mouse: MouseEvent(kind: .press(.left), column: 3, row: 3))
    #expect(view.selectedRow == ItemPath(item: 1, section: 0))
    view.handle(mouse: MouseEvent(kind: .press(.left), column: 3, row: 1))
    view.handle(mouse: MouseEvent(kind: .press(.left), column: 3, row: 5))
    #expect(view.selectedRow == ItemPath(item: 1, section: 0))
  }

  @Test("plain mode names the list header after the reload line and the footer last; changing one reloads")
  func plainLines() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .plain)
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply((1...2).map { LabelCell.makeBinder(value: "row \($0)", id: $0) })
    _ = output.takeText()
    engine.listHeader = LabelCell.makeBinder(value: "TOP", id: "top")
    engine.listFooter = LabelCell.makeBinder(value: "BOTTOM\u{1B}[2J", id: "bottom")
    let lines = output.takeText().split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(5)) == [
        "reload 1 sections 2 rows", "list header TOP", "row 0:0 row 1", "row 0:1 row 2", "list footer BOTTOM␛[2J",
      ])
  }
}
