import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A feed that handles its rows' events itself (a static list's taps) does so once per event, however the app
/// sets its delegate: in place, by a copy read and written back, or by a new one; shown alone, in a composite or
/// through a filter.
@MainActor
@Suite("A feed's own handling runs once per event")
struct FeedOwnHandlingPropertyTests {
  final class Screen: StaticListConstructor {
    var models = ["a", "b", "c"]
    var selected: [String] = []
    func cellType(for model: String) -> any ListCell.Type { CountCell.self }
    func itemSelected(item: String) { selected.append(item) }
  }

  @Test("a static list's taps run once per selection, and the app's closure once")
  func tapsOnce() throws {
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let screen = Screen()
      let list = StaticList(screen)
      let view = RecordingListView()
      let shown: any ListFeed<ListSectionSnapshot>
      switch random.next() % 3 {
      case 0: shown = list
      case 1:
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(list)
        shown = composite
      default: shown = try FilteredFeed(list)
      }
      let engine = try ListEngine(view: view, showing: shown)
      var appCalls = 0
      var appSet = false
      var log: [String] = []
      for step in 0..<10 {
        switch random.next() % 5 {
        case 0:
          var copy = list.delegate
          copy.deselectsAutomatically.toggle()
          list.delegate = copy
          log.append("copy written back")
        case 1:
          list.delegate.didSelectRow = { _, _ in appCalls += 1 }
          appSet = true
          log.append("set in place")
        case 2:
          list.delegate = SyncDelegate()
          appSet = false
          log.append("new delegate")
        case 3:
          let copy = list.delegate
          list.delegate = copy
          log.append("read and written")
        default:
          var copy = list.delegate
          copy.didSelectRow = { _, _ in appCalls += 1 }
          list.delegate = copy
          appSet = true
          log.append("copy with a closure written back")
        }
        let item = Int(random.next() % 3)
        let (selectedBefore, callsBefore) = (screen.selected.count, appCalls)
        try engine.selectRow(at: ItemPath(item: item, section: 0))
        let context = "seed \(seed) step \(step) \(type(of: shown)): \(log)"
        #expect(screen.selected.count == selectedBefore + 1, "\(context)")
        #expect(screen.selected.last == screen.models[item], "\(context)")
        #expect(appCalls == callsBefore + (appSet ? 1 : 0), "\(context)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
