import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Static lists in one composite share section identities (the default section, a section named alike, the list
/// header's and footer's sections): every row, header and footer a view displays or stops displaying reaches the
/// delegate of the list it belongs to, through random changes of the lists, children added, removed, moved and
/// hidden, applied one by one or merged into one diff.
@MainActor
@Suite struct SharedSectionIdentityRoutingPropertyTests {
  struct Line: Equatable, Sendable, Titled {
    var text: String
    var title: String? { text }
  }

  /// A static list whose every text starts with `L<list> `: the main section (the default identity) when it has
  /// rows or `keepsMain`, a section "extra" with an optional header, and an optional list header and footer.
  @MainActor
  final class Screen: StaticListConstructor {
    let list: Int
    var main: [String] = []
    var keepsMain = false
    var extra: [String] = []
    var extraHeader: String?
    var header: String?
    var footer: String?
    init(list: Int) { self.list = list }

    var sections: [ListSection<Line>] {
      (main.isEmpty && !keepsMain ? [] : [ListSection(id: ListIdentifier.mainSection, items: main.map(Line.init))])
        + [ListSection(id: "extra", header: extraHeader.map(Line.init), items: extra.map(Line.init))]
    }
    func cellType(for model: Line) -> any ListCell.Type { TextCell.self }
    var listHeader: CellBinder? { header.map(Self.binder) }
    var listFooter: CellBinder? { footer.map(Self.binder) }
    static func binder(_ text: String) -> CellBinder {
      CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(text)) { $0.title = $1 }
    }

    /// Rows kept, dropped and added at random, the header and footer shown or not.
    func randomise(_ random: inout SeededRandom, next: inout Int) {
      func rows(_ old: [String]) -> [String] {
        var rows = old
        if !rows.isEmpty, random.oneIn(3) { rows.remove(at: random.below(rows.count)) }
        for _ in 0..<random.below(3) {
          next += 1
          rows.insert("L\(list) r\(next)", at: random.below(rows.count + 1))
        }
        return random.oneIn(5) ? [] : rows
      }
      func text(_ what: String) -> String? {
        next += 1
        return random.oneIn(2) ? "L\(list) \(what)\(next)" : nil
      }
      main = rows(main)
      keepsMain = random.oneIn(3)
      extra = rows(extra)
      extraHeader = text("h")
      header = text("lh")
      footer = text("lf")
    }

    /// The rows the list shows, in order.
    var rows: [String] { sections.flatMap { $0.items.map(\.text) } }
  }

  @Test("display events of lists whose sections share identities reach the list they belong to")
  func eventsReachTheirList() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 50, deep: 600) {
      var random = SeededRandom(seed: seed)
      var next = 0
      let count = 2 + random.below(3)
      let screens = (0..<count).map { Screen(list: $0) }
      for screen in screens { screen.randomise(&random, next: &next) }
      let lists = screens.map { StaticList($0) }
      // The composite: a trigger row first, then the lists, some of them in a nested composite (always there).
      let screen = ComposedFeed<ListSectionSnapshot>()
      let trigger = SectionsFeed<ListSectionSnapshot>(sections: [])
      let nested = ComposedFeed<ListSectionSnapshot>()
      try screen.append(trigger)
      try screen.append(nested)
      var order: [Int] = []  // the lists in `screen`, after the trigger and the nested composite
      var inner: [Int] = []  // the lists in `nested`
      for index in 0..<count where !random.oneIn(4) {
        if random.oneIn(3) {
          inner.append(index)
          try nested.append(lists[index])
        } else {
          order.append(index)
          try screen.append(lists[index])
        }
      }
      var misrouted: [String] = []
      var toLists = 0
      for (index, list) in lists.enumerated() {
        func check(_ event: String) -> (any ListCell) -> Void {
          { cell in
            if !cell.textRepresentation.hasPrefix("L\(index) ") {
              misrouted.append("list \(index) \(event) \(cell.textRepresentation)")
            }
          }
        }
        let (display, end) = (check("displays"), check("ends"))
        list.delegate.willDisplayCell = { cell, _ in
          toLists += 1
          display(cell)
        }
        list.delegate.didEndDisplayingCell = { cell, _ in end(cell) }
        list.delegate.willDisplayHeader = { cell, _ in display(cell) }
        list.delegate.willDisplayFooter = { cell, _ in display(cell) }
        list.delegate.didEndDisplayingHeader = { cell, _ in end(cell) }
        list.delegate.didEndDisplayingFooter = { cell, _ in end(cell) }
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: screen)
      var toEngine = 0
      engine.delegate.willDisplayCell = { cell, _ in
        if cell.textRepresentation.hasPrefix("L") { toEngine += 1 }
      }
      toLists = 0
      // Changes made together from the change before's `didApply`, so that the engine merges them into one diff.
      var queued: [() throws -> Void] = []
      engine.delegate.didApply = { _ in
        let operations = queued
        queued = []
        for operation in operations { try? operation() }
      }
      var log: [String] = []
      var triggers = 0
      steps: for step in 0..<8 {
        let merged = !random.oneIn(3)
        for _ in 0..<1 + random.below(3) {
          let operation: () throws -> Void
          let list = random.below(count)
          switch random.below(6) {
          case 0, 1, 2:
            screens[list].randomise(&random, next: &next)
            operation = { lists[list].reload() }
            log.append("reload \(list)")
          case 3:
            if let at = order.firstIndex(of: list) {
              order.remove(at: at)
              operation = { try screen.removeChild(at: at + 2) }
              log.append("remove \(list)")
            } else if let at = inner.firstIndex(of: list) {
              inner.remove(at: at)
              operation = { try nested.removeChild(at: at) }
              log.append("remove \(list) from nested")
            } else if random.oneIn(2) {
              let at = random.below(inner.count + 1)
              inner.insert(list, at: at)
              operation = { try nested.insert(lists[list], at: at) }
              log.append("insert \(list) in nested at \(at)")
            } else {
              let at = random.below(order.count + 1)
              order.insert(list, at: at)
              operation = { try screen.insert(lists[list], at: at + 2) }
              log.append("insert \(list) at \(at)")
            }
          case 4:
            guard order.count > 1 else { continue }
            let (from, to) = (random.below(order.count), random.below(order.count))
            order.insert(order.remove(at: from), at: to)
            operation = { try screen.moveChild(from: from + 2, to: to + 2) }
            log.append("move \(from) to \(to)")
          default:
            operation = { nested.isHidden.toggle() }
            log.append("nested hidden toggled")
          }
          if merged { queued.append(operation) } else { try operation() }
        }
        triggers += 1
        let row = Screen.binder("t\(triggers)")
        trigger.update(to: [ListSection(id: "t", items: [row]).snapshot])
        let context = "seed \(seed) step \(step) \(log)"
        let shownLists = (nested.isHidden ? [] : inner) + order
        let expected = ["t\(triggers)"] + shownLists.flatMap { screens[$0].rows }
        let shown = view.sections.flatMap { $0.rows.map(\.textRepresentation) }
        if shown != expected || !view.inconsistencies.isEmpty {
          failures.append("\(context): shown \(shown), expected \(expected) \(view.inconsistencies)")
          break steps
        }
        if !misrouted.isEmpty || toLists != toEngine {
          failures.append("\(context): \(misrouted); \(toEngine) rows displayed, \(toLists) told to their lists")
          break steps
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(2))")
  }
}
