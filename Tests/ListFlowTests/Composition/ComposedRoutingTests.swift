import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Events of rows shown while the composite's children change from inside a callback.
///
/// Composition.md: "It applies each child's shifted stages to the view as batches ..., and sends selection,
/// highlight, display, edit actions, moves, expansion and cell actions to the ``ListFeed/delegate`` of the child
/// that owns the row, with positions local to that child". ListEngine: "Anything that changes the list while a
/// change is being applied ... is queued and applied, in order, once the current change is done".
@MainActor
@Suite("Routing of row events while children change from callbacks")
struct ComposedRoutingTests {
  static func section(_ id: String, _ rows: [String]) -> ListSectionSnapshot {
    ListSection(id: id, items: rows.map { SectionHeaderCell.makeBinder(value: $0, id: $0) }).snapshot
  }

  static func logging(_ feed: SectionsFeed<ListSectionSnapshot>, _ name: String, into log: Log) {
    feed.delegate.willDisplayCell = { cell, path in
      log.lines.append("\(name) willDisplay \(path.section):\(path.item) \(cell.textRepresentation)")
    }
    feed.delegate.didEndDisplayingCell = { cell, path in
      log.lines.append("\(name) didEnd \(path.section):\(path.item) \(cell.textRepresentation)")
    }
  }

  final class Log { var lines: [String] = [] }

  /// Children A and B of a composite shown by an engine on a recording view, and C apart, each logging the
  /// display events of its rows under its name.
  @MainActor struct Fixture {
    let view = RecordingListView()
    let composite = ComposedFeed<ListSectionSnapshot>()
    let a: SectionsFeed<ListSectionSnapshot>
    let b = SectionsFeed<ListSectionSnapshot>(sections: [ComposedRoutingTests.section("B", ["b0"])])
    let c: SectionsFeed<ListSectionSnapshot>
    let engine: ListEngine
    let log = Log()

    init(
      a rows: [String] = ["a0"], c other: ListSectionSnapshot = ComposedRoutingTests.section("C", ["c0"]),
      names: [String] = ["A", "B", "C"]
    ) throws {
      a = SectionsFeed(sections: [ComposedRoutingTests.section("A", rows)])
      c = SectionsFeed(sections: [other])
      try composite.append(a)
      try composite.append(b)
      engine = try ListEngine(view: view, showing: composite)
      for (feed, name) in zip([a, b, c], names) { ComposedRoutingTests.logging(feed, name, into: log) }
    }
  }

  /// A child inserted at the front from `willApply` while another child's row insert is being shown: the
  /// inserted row's `willDisplayCell` must reach the child that owns it (B), not the child now at its global
  /// section in the composite (A), which the engine reads before that insert of a child is shown.
  @Test("a row displayed during a batch after a child was inserted in front from willApply reaches its own child")
  func willDisplayAfterChildInsertedFromWillApply() throws {
    let fixture = try Fixture()
    let (view, composite, _, b, c, engine, log) = (
      fixture.view, fixture.composite, fixture.a, fixture.b, fixture.c, fixture.engine, fixture.log
    )
    var once = true
    engine.delegate.willApply = { _ in
      guard once else { return }
      once = false
      try? composite.insert(c, at: 0)
    }
    b.update(to: [Self.section("B", ["b0", "b1"])])
    #expect(view.renderedLines == ["c0", "a0", "b0", "b1"].map { "== \($0) ==" })
    // b1 is displayed while the view still shows [A, B]: it is B's row 0:1.
    #expect(log.lines.contains("B willDisplay 0:1 == b1 =="), "\(log.lines)")
    #expect(!log.lines.contains { $0.hasPrefix("A willDisplay") }, "\(log.lines)")
  }

  /// `reloadData()` asked in a callback before a child is inserted in front, in the same callback: the reload
  /// comes first (in order), showing the list before the insert; each reloaded row must reach its own child.
  @Test("a reload queued before a child insert routes the reloaded rows to their own children")
  func reloadBeforeChildInsert() throws {
    let fixture = try Fixture()
    let (view, composite, _, b, c, engine, log) = (
      fixture.view, fixture.composite, fixture.a, fixture.b, fixture.c, fixture.engine, fixture.log
    )
    var once = true
    engine.delegate.didInsertRows = { _ in
      guard once else { return }
      once = false
      engine.reloadData()
      try? composite.insert(c, at: 0)
    }
    b.update(to: [Self.section("B", ["b0", "b1"])])
    #expect(view.renderedLines == ["c0", "a0", "b0", "b1"].map { "== \($0) ==" })
    // A line is "<owner> <event> <section>:<item> == <row> ==": the row's name starts with its owner's letter.
    let wrong = log.lines.filter { line in
      let words = line.split(separator: " ")
      return words.count < 5 || words[0].lowercased().first != words[4].first
    }
    #expect(wrong.isEmpty, "events that reached another child's delegate: \(wrong); all: \(log.lines)")
  }

  /// A change that inserts sections (B gains one) ends while a child inserted in front (C) and a row deleted
  /// in A, both asked for from its `didInsertSections`, still wait: the row's end of display in the next change
  /// must reach A, whose row it is, not C (the engine takes the owners of the sections shown from the feeds
  /// once the first change is done, when the feeds already hold the waiting changes).
  @Test("a row deleted right after a change that inserted sections ends at its own child")
  func didEndAfterSectionInsertWithWaitingChildInsert() throws {
    let fixture = try Fixture(a: ["a0", "a1"])
    let (view, composite, a, b, c, engine, log) = (
      fixture.view, fixture.composite, fixture.a, fixture.b, fixture.c, fixture.engine, fixture.log
    )
    var once = true
    engine.delegate.didInsertSections = { _ in
      guard once else { return }
      once = false
      try? composite.insert(c, at: 0)
      a.update(to: [Self.section("A", ["a1"])])
    }
    b.update(to: [Self.section("B", ["b0"]), Self.section("B2", ["b1"])])
    #expect(view.renderedLines == ["c0", "a1", "b0", "b1"].map { "== \($0) ==" })
    #expect(log.lines.contains("A didEnd 0:0 == a0 =="), "\(log.lines)")
    #expect(!log.lines.contains { $0.hasPrefix("C didEnd") }, "\(log.lines)")
  }

  /// A row selected from a callback, with a child inserted in front in the same callback: the selection is
  /// changed first (in order), and the child told must be the one that owns the row (A, at its local 0:0), not
  /// the child inserted (C), which the engine takes for the owner of section 0 before the insert is shown.
  @Test("a selection made from a callback before a child insert is told to the row's own child")
  func selectionBeforeChildInsert() throws {
    let fixture = try Fixture()
    let (composite, a, b, c, engine) = (fixture.composite, fixture.a, fixture.b, fixture.c, fixture.engine)
    engine.selectionMode = .multiple
    let log = Log()
    for (feed, name) in [(a, "A"), (b, "B"), (c, "C")] {
      feed.delegate.didChangeSelection = { change in
        log.lines.append("\(name) added \(change.addedRows.map { "\($0.section):\($0.item)" }) \(change.added)")
      }
    }
    var once = true
    engine.delegate.didInsertRows = { _ in
      guard once else { return }
      once = false
      engine.select(ListIdentifier("a0"))
      try? composite.insert(c, at: 0)
    }
    b.update(to: [Self.section("B", ["b0", "b1"])])
    #expect(engine.selection.identifiers == [ListIdentifier("a0")])
    #expect(log.lines.count == 1 && log.lines.first?.hasPrefix("A added [\"0:0\"]") == true, "\(log.lines)")
  }

  /// A child replaced from a callback by another with sections of the same identities and rows (a screen that
  /// swaps a section's data source): the queued remove and insert are shown by one diff that changes no section,
  /// so the engine never reads the sections' owners again. Later, with no callback involved, a row the new
  /// child deletes must end at the new child, not at the child removed long before.
  @Test("after a child is swapped from a callback for one with the same sections, its rows end at the new child")
  func didEndAfterChildSwappedFromCallback() throws {
    let fixture = try Fixture(a: ["a0", "a1"], c: Self.section("A", ["a0", "a1"]), names: ["OLD", "B", "NEW"])
    let (view, composite, old, b, new, engine, log) = (
      fixture.view, fixture.composite, fixture.a, fixture.b, fixture.c, fixture.engine, fixture.log
    )
    var once = true
    engine.delegate.didInsertRows = { _ in
      guard once else { return }
      once = false
      try? composite.removeChild(at: 0)
      try? composite.insert(new, at: 0)
    }
    b.update(to: [Self.section("B", ["b0", "b1"])])
    #expect(!old.feedLink.isConnected)
    // Later, outside any callback: the new child drops a row.
    log.lines.removeAll()
    new.update(to: [Self.section("A", ["a1"])])
    #expect(view.renderedLines == ["a1", "b0", "b1"].map { "== \($0) ==" })
    #expect(log.lines == ["NEW didEnd 0:0 == a0 =="], "\(log.lines)")
  }
}
