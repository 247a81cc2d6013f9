import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Events reach the row they came from, by its current position, also when rows share an identity; header and
/// footer cells send actions too; a composite routes every event to the owning child with local positions.
@MainActor
@Suite("Events reach their own row")
struct EventRoutingPropertyTests {
  /// A cell that can send the text it shows.
  final class TapCell: BindableCell, ActionEmittingCell {
    typealias Action = String
    var sendAction: ((String) -> Void)?
    var text = ""
    func bind(_ value: String) { text = value }
    var textRepresentation: String { text }
    func tap() { sendAction?(text) }
  }

  /// Sections whose rows often share identities (three identities for up to six rows).
  static func sections(_ random: inout SeededRandom) -> [ListSection<CellBinder>] {
    (0..<Int(1 + random.next() % 3)).map { section in
      let rows = (0..<Int(random.next() % 7)).map { _ in
        let id = Int(random.next() % 3)
        return TapCell.makeBinder(value: "r\(id) v\(random.next() % 2)", id: ListIdentifier(id))
      }
      let header = random.next() % 2 == 0 ? TapCell.makeBinder(value: "h\(section)", id: "h\(section)") : nil
      let footer = random.next() % 3 == 0 ? TapCell.makeBinder(value: "f\(section)", id: "f\(section)") : nil
      return ListSection(id: section, header: header, footer: footer, items: rows)
    }
  }

  @Test("every displayed cell's action names its current element, among duplicate identities", .timeLimit(.minutes(60)))
  func actionsReachTheirRow() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      var received: [ListElement] = []
      var delegate = SyncDelegate()
      delegate.didReceiveCellAction = { event in received.append(event.element) }
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
      for _ in 0..<6 {
        await controller.apply(Self.sections(&random))
        for (sectionIndex, section) in view.sections.enumerated() {
          for (item, cell) in section.rows.enumerated() {
            received = []
            try #require(cell as? TapCell).tap()
            #expect(received == [.row(ItemPath(item: item, section: sectionIndex))], "seed \(seed)")
          }
          for (cell, element) in [
            (section.header, ListElement.header(section: sectionIndex)),
            (section.footer, .footer(section: sectionIndex)),
          ] {
            guard let cell else { continue }
            received = []
            try #require(cell as? TapCell).tap()
            #expect(received == [element], "seed \(seed)")
          }
        }
      }
      withExtendedLifetime(engine) {}
    }
  }

  /// How one state changes the rows of ``actionsReachTheirRowPastTheFold()``, by weight.
  static let rowChanges = WeightedChoice<@Sendable (inout [[Int]], inout SeededRandom, inout Int) -> Void>([
    (
      "a row inserted", weight: 3,
      { rows, random, next in
        let section = random.below(rows.count)
        next += 1
        rows[section].insert(next, at: random.below(rows[section].count + 1))
      }
    ),
    (
      "a row deleted", weight: 2,
      { rows, random, _ in
        let section = random.below(rows.count)
        guard !rows[section].isEmpty else { return }
        rows[section].remove(at: random.below(rows[section].count))
      }
    ),
    (
      "a row moved, maybe to another section", weight: 3,
      { rows, random, _ in
        let from = random.below(rows.count)
        guard !rows[from].isEmpty else { return }
        let row = rows[from].remove(at: random.below(rows[from].count))
        let to = random.below(rows.count)
        rows[to].insert(row, at: random.below(rows[to].count + 1))
      }
    ),
  ])

  @Test("a cell followed through many stages, past the engine's fold of its log, still sends its own row")
  func actionsReachTheirRowPastTheFold() async throws {
    for seed in DeepPass.seeds(quick: 3, deep: 60) {
      var random = SeededRandom(seed: seed &+ 0xF01D)
      var received: [ListElement] = []
      var delegate = SyncDelegate()
      delegate.didReceiveCellAction = { event in received.append(event.element) }
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
      var next = 0
      var rows: [[Int]] = (0..<2).map { _ in
        (0..<8).map { _ in
          next += 1
          return next
        }
      }
      func state() -> [ListSection<CellBinder>] {
        rows.indices.map { section in
          ListSection(
            id: section, items: rows[section].map { TapCell.makeBinder(value: "r\($0)", id: ListIdentifier($0)) })
        }
      }
      /// Taps the cell of `path` and expects the engine to name it.
      func tap(_ path: ItemPath, _ context: String) throws {
        received = []
        try #require(view.sections[path.section].rows[path.item] as? TapCell).tap()
        #expect(received == [.row(path)], "seed \(seed), \(context)")
      }
      await controller.apply(state())
      for round in 0..<150 {
        for _ in 0..<1 + random.below(3) { Self.rowChanges.pick(using: &random).value(&rows, &random, &next) }
        await controller.apply(state())
        // Now and then one cell sends (and is brought up to date); the others wait through the log.
        let shown = view.sections.indices.flatMap { section in
          view.sections[section].rows.indices.map { ItemPath(item: $0, section: section) }
        }
        if !shown.isEmpty, random.oneIn(10) { try tap(shown[random.below(shown.count)], "round \(round)") }
      }
      for section in view.sections.indices {
        for item in view.sections[section].rows.indices {
          try tap(ItemPath(item: item, section: section), "at the end")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }

  @Test("a composite sends every event kind to the owning child with local positions, then globally")
  func compositeRoutesEveryEvent() throws {
    let view = RecordingListView()
    let composite = ComposedFeed<ListSectionSnapshot>()
    let first = SectionsFeed<ListSectionSnapshot>(sections: [Self.section("a", ["a0", "a1"])])
    let second = SectionsFeed<ListSectionSnapshot>(sections: [Self.section("b", ["b0", "b1", "b2"])])
    try composite.append(first)
    try composite.append(second)
    let engine = try ListEngine(view: view, showing: composite)
    var local: [String] = []
    var child = SyncDelegate()
    child.didSelectRow = { path, _ in local.append("select \(path)") }
    child.didHighlightRow = { path, _ in local.append("highlight \(path)") }
    child.willDisplayCell = { _, path in local.append("display \(path)") }
    child.didEndDisplayingCell = { _, path in local.append("end \(path)") }
    child.willDisplayHeader = { _, section in local.append("display header \(section)") }
    child.didReceiveCellAction = { event in local.append("action \(event.element)") }
    second.delegate = child
    var global: [String] = []
    engine.delegate.didSelectRow = { path, _ in global.append("select \(path)") }
    engine.delegate.didEndDisplayingCell = { _, path in global.append("end \(path)") }

    try view.selectRow(at: ItemPath(item: 2, section: 1))
    try engine.highlightRow(at: ItemPath(item: 1, section: 1), isHighlighted: true)
    try #require(view.cell(at: ItemPath(item: 0, section: 1)) as? TapCell).tap()
    #expect(local == ["select 0:2", "highlight 0:1", "action row 0:0"])
    #expect(global == ["select 1:2"])

    local = []
    global = []
    second.update(to: [Self.section("b", ["b0", "b2"])])  // b1 leaves: its end of display is routed too
    #expect(local == ["end 0:1"])
    #expect(global == ["end 1:1"])
    local = []
    first.update(to: [])  // the first child's section leaves: the second's rows are section 0 now
    try view.selectRow(at: ItemPath(item: 1, section: 0))
    #expect(local == ["select 0:1"])
  }

  static func section(_ id: String, _ rows: [String]) -> ListSectionSnapshot {
    ListSection(id: id, items: rows.map { TapCell.makeBinder(value: $0, id: ListIdentifier($0)) }).snapshot
  }

  /// A child of ``composedEndsReachTheirChild()``: its feed, its rows by section, and the ends its delegate got.
  @MainActor final class EndChild {
    let name: String
    var rows: [[String]]
    let feed: SectionsFeed<ListSectionSnapshot>
    var ends: [String] = []

    init(name: String, rows: [[String]]) {
      self.name = name
      self.rows = rows
      feed = SectionsFeed(sections: Self.sections(name, rows))
      feed.delegate.didEndDisplayingCell = { [unowned self] _, path in ends.append("end \(path)") }
    }

    static func sections(_ name: String, _ rows: [[String]]) -> [ListSectionSnapshot] {
      rows.enumerated().map { EventRoutingPropertyTests.section("\(name)-s\($0)", $1) }
    }
  }

  @Test("a row that leaves after the composite's children were added, removed or moved ends at its own child")
  func composedEndsReachTheirChild() throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      var made = 0
      func makeChild() -> EndChild {
        made += 1
        let name = "c\(made)"
        let rows = (0..<Int(random.next() % 3)).map { section in
          (0..<Int(random.next() % 4)).map { "\(name)-\(section)-\($0)" }
        }
        return EndChild(name: name, rows: rows)
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      var children = (0..<Int(1 + random.next() % 3)).map { _ in makeChild() }
      for child in children { try composite.append(child.feed) }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      var steps: [String] = []
      for _ in 0..<10 {
        for child in children { child.ends = [] }
        switch random.next() % 4 {
        case 0:
          let child = makeChild()
          let index = Int(random.next() % UInt64(children.count + 1))
          try composite.insert(child.feed, at: index)
          children.insert(child, at: index)
          steps.append("insert \(child.name) at \(index)")
          #expect(children.allSatisfy { $0.ends.isEmpty }, "seed \(seed), \(steps)")
        case 1 where !children.isEmpty:
          let index = Int(random.next() % UInt64(children.count))
          try composite.removeChild(at: index)
          let child = children.remove(at: index)
          steps.append("remove \(child.name)")
          let expected = child.rows.enumerated().flatMap { section, rows in
            rows.indices.map { "end \(ItemPath(item: $0, section: section))" }
          }
          #expect(child.ends.sorted() == expected.sorted(), "seed \(seed), \(steps)")
          #expect(children.allSatisfy { $0.ends.isEmpty }, "seed \(seed), \(steps)")
        case 2 where children.count > 1:
          let source = Int(random.next() % UInt64(children.count))
          let destination = Int(random.next() % UInt64(children.count))
          try composite.moveChild(from: source, to: destination)
          children.insert(children.remove(at: source), at: destination)
          steps.append("move \(source) to \(destination)")
        default:
          let candidates = children.filter { !$0.rows.joined().isEmpty }
          guard let child = candidates.randomElement(using: &random) else { continue }
          let section = child.rows.indices.filter { !child.rows[$0].isEmpty }.randomElement(using: &random)!
          let item = Int(random.next() % UInt64(child.rows[section].count))
          child.rows[section].remove(at: item)
          child.feed.update(to: EndChild.sections(child.name, child.rows))
          steps.append("delete \(item):\(section) of \(child.name)")
          #expect(child.ends == ["end \(ItemPath(item: item, section: section))"], "seed \(seed), \(steps)")
          #expect(children.allSatisfy { $0 === child || $0.ends.isEmpty }, "seed \(seed), \(steps)")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }

  /// A feed of its own that counts how often its sections' owner is asked.
  @MainActor final class OwnerCountingFeed: ListFeed {
    let feedLink = FeedLink<ListSectionSnapshot>()
    var delegate = SyncDelegate()
    private(set) var displayedSections: [ListSectionSnapshot]
    var ownerReads = 0

    init(_ sections: [ListSectionSnapshot]) { displayedSections = sections }

    func feed(owningSection section: Int) -> (feed: any ListFeed<ListSectionSnapshot>, section: Int)? {
      ownerReads += 1
      return displayedSections.indices.contains(section) ? (self, section) : nil
    }

    func show(_ sections: [ListSectionSnapshot]) {
      let old = displayedSections
      displayedSections = sections
      feedLink.send(from: old, to: sections)
    }
  }

  @Test("a change of rows reads as many section owners in a list of 400 sections as in one of 4")
  func ownerReadsFollowTheChange() throws {
    for seed in DeepPass.seeds(quick: 4, deep: 100) {
      var reads: [Int] = []
      var counts: [Int] = []
      for sectionCount in [4, 400] {
        var random = SeededRandom(seed: seed)
        var rows = (0..<sectionCount).map { section in (0..<3).map { "s\(section)-\($0)" } }
        let render = { (rows: [[String]]) in rows.enumerated().map { Self.section("s\($0)", $1) } }
        let feed = OwnerCountingFeed(render(rows))
        let view = RecordingListView()
        let engine = try ListEngine(view: view, showing: feed)
        feed.ownerReads = 0
        var made = 0
        // Rows inserted, deleted and moved in the first four sections: the same changes at both sizes.
        for _ in 0..<8 {
          let section = Int(random.next() % 4)
          switch random.next() % 3 {
          case 0:
            made += 1
            rows[section].insert("new \(made)", at: Int(random.next() % UInt64(rows[section].count + 1)))
          case 1 where !rows[section].isEmpty:
            rows[section].remove(at: Int(random.next() % UInt64(rows[section].count)))
          default:
            guard !rows[section].isEmpty else { continue }
            let row = rows[section].remove(at: Int(random.next() % UInt64(rows[section].count)))
            let target = Int(random.next() % 4)
            rows[target].insert(row, at: Int(random.next() % UInt64(rows[target].count + 1)))
          }
          feed.show(render(rows))
        }
        reads.append(feed.ownerReads)
        counts.append(view.sections.count)
        withExtendedLifetime(engine) {}
      }
      #expect(counts == [4, 400], "seed \(seed)")
      #expect(reads[0] == reads[1], "seed \(seed): owners read \(reads[0]) times for 4 sections, \(reads[1]) for 400")
    }
  }

  @Test("the end is reported again after a change while the viewport stays at it, so paging cannot stall")
  func endIsRearmedAfterEveryChange() async throws {
    var ends = 0
    var delegate = SyncDelegate()
    delegate.didReachEnd = { ends += 1 }
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let atEnd = SyncDelegate.ScrollPosition(offset: 0, viewportHeight: 10, contentHeight: 3)
    view.scroll(to: atEnd)
    view.scroll(to: atEnd)
    #expect(ends == 1)
    await controller.apply([TapCell.makeBinder(value: "a", id: "a")])
    view.scroll(to: atEnd)
    #expect(ends == 2)
    withExtendedLifetime(engine) {}
  }

  @MainActor final class Counter { var count = 0 }

  struct Picks: StaticListConstructor {
    let counter: Counter
    var models: [String] { ["only"] }
    func cellType(for model: String) -> any ListCell.Type { TapCell.self }
    func itemSelected(item: String) { counter.count += 1 }
  }

  @Test("a static list's selection reaches its constructor once, after the delegate set later")
  func staticSelectionOnce() async throws {
    let counter = Counter()
    let picks = Picks(counter: counter)
    let view = RecordingListView()
    let list = StaticList(picks)

    let engine = try ListEngine(view: view, showing: list)
    var selected = 0
    list.delegate.didSelectRow = { _, _ in selected += 1 }
    try view.selectRow(at: ItemPath(item: 0, section: 0))
    #expect(counter.count == 1)
    #expect(selected == 1)
    withExtendedLifetime(engine) {}
  }

  @Test("a row deselected automatically is deselected where its own didSelectRow's change put it")
  func automaticDeselectionFollowsTheRow() throws {
    func section(_ rows: [String]) -> [ListSectionSnapshot] {
      [ListSection(id: "s", items: rows.map { SectionHeaderCell.makeBinder(value: $0, id: $0) }).snapshot]
    }
    for seed in DeepPass.seeds(quick: 100, deep: 600) {
      var random = SeededRandom(seed: seed)
      var rows = (0..<Int(2 + random.next() % 8)).map { "r\($0)" }
      var next = rows.count
      let feed = SectionsFeed<ListSectionSnapshot>(sections: section(rows))
      let composite = ComposedFeed<ListSectionSnapshot>()
      if random.next() % 2 == 0 {
        try composite.append(
          SectionsFeed(sections: [
            ListSection(id: "top", items: [SectionHeaderCell.makeBinder(value: "top", id: "top")]).snapshot
          ]))
      }
      try composite.append(feed)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      var deselected: [(ItemPath, ListIdentifier)] = []
      feed.delegate.deselectsAutomatically = true
      feed.delegate.didDeselectRow = { path, binder in deselected.append((path, binder.id)) }
      // Choosing a row changes the list: rows put on top, rows deleted (the chosen one among them), rows moved.
      feed.delegate.didSelectRow = { _, _ in
        for _ in 0..<Int(random.next() % 3) {
          rows.insert("r\(next)", at: 0)
          next += 1
        }
        for _ in 0..<Int(random.next() % 2) where !rows.isEmpty {
          rows.remove(at: Int(random.next() % UInt64(rows.count)))
        }
        if rows.count > 1, random.next() % 2 == 0 { rows.swapAt(0, rows.count - 1) }
        feed.update(to: section(rows))
      }
      for step in 0..<5 where !rows.isEmpty {
        let chosen = rows[Int(random.next() % UInt64(rows.count))]
        let section = engine.snapshot.count - 1
        let path = ItemPath(item: rows.firstIndex(of: chosen)!, section: section)
        let before = (view: view.deselectedRows.count, feed: deselected.count)
        try view.selectRow(at: path)
        let context = "seed \(seed) step \(step) chose \(chosen) of \(rows)"
        if let index = rows.firstIndex(of: chosen) {
          #expect(view.deselectedRows.dropFirst(before.view) == [ItemPath(item: index, section: section)], "\(context)")
          #expect(deselected.dropFirst(before.feed).map(\.0) == [ItemPath(item: index, section: 0)], "\(context)")
          #expect(deselected.dropFirst(before.feed).map(\.1) == [ListIdentifier(chosen)], "\(context)")
        } else {
          #expect(view.deselectedRows.count == before.view, "\(context): a row the change removed was deselected")
          #expect(deselected.count == before.feed, "\(context)")
        }
        #expect(view.renderedLines == rows.map { "== \($0) ==" } || section == 1, "\(context)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
