import ListFlow
import Testing

@MainActor
@Suite("Static list constructor")
struct StaticListConstructorTests {
  let screen = SettingsScreen()

  /// Makes a fresh cell for a binder and configures it, as a host does on dequeue.
  func render(_ binder: CellBinder) throws -> String {
    let cell = binder.cellType.init()
    try binder.configure(cell)
    return cell.textRepresentation
  }

  @Test("sections, headers and footers come from the constructor's models")
  func structure() throws {
    let sections = screen.sectionDeclarations
    #expect(sections.map(\.id) == ["account", "radio", "general"])
    #expect(sections.map(\.items.count) == [1, 3, 7])
    #expect(try sections[1].header.map(render) == "CONNECTIONS")
    #expect(try sections[1].footer.map(render) == "RADIOS OFF IN FLIGHT")
    #expect(sections[0].header == nil && sections[2].footer == nil)
  }

  @Test("capabilities fill every cell that can show them, then configure(cell:by:) finishes the cell")
  func capabilities() throws {
    let rows = try screen.sectionDeclarations.map { try $0.items.map(render) }
    #expect(
      rows == [
        ["Ada Lovelace (Account, iCloud) >"],
        ["≋ Wi-Fi (Home) >", "ᛒ Bluetooth [on]", "Airplane mode [off]"],
        ["Notifications >", "Sounds >", "", "Privacy >", "About >", "", "Sign out [red]"],
      ])
  }

  @Test("heights come from each cell type unless the constructor says otherwise")
  func heights() {
    let heights = screen.sectionDeclarations[2].items.map(\.height)
    #expect(heights == [nil, nil, 2, nil, nil, 2, nil])
  }

  @Test("a selected row reaches itemSelected with its model; a foreign row does not")
  func selection() {
    let row = screen.sectionDeclarations[1].items[1]
    #expect(screen.select(row))
    #expect(screen.selected == [.bluetooth(isOn: true)])
    #expect(!screen.select(TallCell.makeBinderForTest()))
    #expect(screen.selected.count == 1)
  }

  @Test("a changed model keeps its row's identity, so the row is reconfigured, not replaced")
  func changedModel() {
    let before = screen.sectionDeclarations[1].items[1]
    screen.bluetooth = false
    let after = screen.sectionDeclarations[1].items[1]
    #expect(before.id == after.id)
    #expect(!after.isContentEqual(to: before))
    #expect(after.hasSameCell(as: before))
  }

  @Test("a one-section constructor lists its models only")
  func oneSection() throws {
    struct Minimal: StaticListConstructor {
      let models: [Setting] = [.about, .spacer, .signOut]
      func cellType(for model: Setting) -> any ListCell.Type { model == .spacer ? SpacerCell.self : SettingCell.self }
    }
    let sections = Minimal().sectionDeclarations
    #expect(sections.count == 1)
    #expect(try sections[0].items.map(render) == ["About", "", "Sign out [red]"])
  }
}

extension TallCell {
  /// A binder of another list, whose model is not a `Setting`.
  static func makeBinderForTest() -> CellBinder {
    CellBinder(cell: TallCell.self, value: 7, id: "other") { cell, value in cell.text = "\(value)" }
  }
}
