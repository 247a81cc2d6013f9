import ListFlow
import ListFlowTesting
import Testing

@MainActor
@Suite("Static list on a view")
struct StaticListViewTests {
  let screen = SettingsScreen()
  let view = RecordingListView()
  let list: StaticList<SettingsScreen>
  let engine: ListEngine

  init() throws {
    list = StaticList(screen)
    engine = try ListEngine(view: view, showing: list)
  }

  @Test("a settings screen of a dozen rows renders with headers, footers and capabilities")
  func renders() async {
    list.reload()
    #expect(
      view.renderedLines == [
        "Ada Lovelace (Account, iCloud) >",
        "CONNECTIONS", "≋ Wi-Fi (Home) >", "ᛒ Bluetooth [on]", "Airplane mode [off]", "RADIOS OFF IN FLIGHT",
        "GENERAL", "Notifications >", "Sounds >", "", "Privacy >", "About >", "", "Sign out [red]",
      ])
    #expect(view.inconsistencies.isEmpty && view.errors.isEmpty)
  }

  @Test("selecting a row on the view reaches itemSelected with the row's model")
  func selection() async throws {
    list.reload()
    try view.selectRow(at: ItemPath(item: 4, section: 2))
    try view.selectRow(at: ItemPath(item: 1, section: 1))
    #expect(screen.selected == [.about, .bluetooth(isOn: true)])
  }

  @Test("heights come per cell type")
  func heights() async {
    list.reload()
    #expect(engine.height(of: .row(ItemPath(item: 2, section: 2))) == .exact(2))
    #expect(engine.height(of: .row(ItemPath(item: 0, section: 2))) == .estimated(1))
  }

  @Test("a changed model reconfigures its cell in place")
  func reconfigure() async {
    list.reload()
    screen.bluetooth = false
    list.reload()
    #expect(view.renderedLines[3] == "ᛒ Bluetooth [off]")
    #expect(view.updates.flatMap(\.reconfiguredRows) == [ItemPath(item: 1, section: 1)])
    #expect(view.reloadCount == 1)
  }
}
