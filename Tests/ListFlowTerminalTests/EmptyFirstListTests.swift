import ListFlow
import ListFlowTerminal
import TestSupport
import Testing

/// A list that starts empty is drawn at once (title bar, status bar, help line), whatever feed shows it: an engine
/// shows its feed's first list when it is made, empty or not, so the terminal is never left blank until the
/// first row comes.
@MainActor
@Suite("An empty first list is drawn")
struct EmptyFirstListTests {
  @Test("the first frame of an empty feed is drawn when the engine is made, and is the whole frame")
  func emptyFeedsDraw() throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let size = TerminalSize(columns: 10 + Int(random.next() % 70), rows: 3 + Int(random.next() % 20))
      let title = "T\(seed)"
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(size), title: title)
      let controller = ListController<[ListSection<CellBinder>]> { $0 }
      let feed: any ListFeed<ListSectionSnapshot>
      let kind = random.next() % 4
      switch kind {
      case 0: feed = controller
      case 1:
        let composite = ComposedFeed<ListSectionSnapshot>()
        for _ in 0..<Int(random.next() % 3) { try composite.append(SectionsFeed<ListSectionSnapshot>(sections: [])) }
        feed = composite
      case 2: feed = try FilteredFeed(controller)
      default: feed = SectionsFeed<ListSectionSnapshot>(sections: [])
      }
      let engine = try ListEngine(view: view, showing: feed)
      let context = "seed \(seed) kind \(kind) size \(size)"
      let drawn = output.text
      #expect(!drawn.isEmpty, "\(context): nothing drawn")
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      screen.feed(drawn)
      #expect(screen.text.hasPrefix(title), "\(context): \(screen.text.prefix(40))")
      // Drawing again adds nothing: the first frame was whole.
      view.render()
      #expect(output.text == drawn, "\(context): a second frame drew more")
      withExtendedLifetime(engine) {}
    }
  }
}
